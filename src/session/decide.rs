//! The session's decisions, apart from its I/O: what a click on one of its messages means, from
//! the session's state alone. `Hub` then does what was decided — applies and stores an action,
//! answers, posts — so these rules are tested without a store, Discord or an async runtime.

use super::ids::TableRoute as Route;
use super::live::Session;
use super::phase::Phase;
use super::{Post, User, coach, render};
use crate::engine::view::{Target, is_look};
use crate::engine::{AnyGame, RESIGN, Seat};
use crate::id::MessageId;

/// What a click comes to.
// One per click, moved straight into the answer: boxing the post would only add an allocation.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, PartialEq)]
pub(super) enum Click<'a> {
    /// Refused, with the reason for the clicker alone; nothing changes.
    Refuse(String),
    /// A lobby button (join, start, …).
    Lobby(&'a str),
    /// A step of a decision: the board drawn again with the draft, nothing applied or stored.
    Redraw(Post),
    /// A step that only shows more of the board, pressed by someone the game does not await: the
    /// board with that draft, for the clicker alone; nothing changes.
    Show(Post),
    /// An action for the clicker's seat, to apply (the game may still refuse it).
    Act { seat: Seat, action: &'a str },
    /// The awaited seat asks the coach; nothing in the game changes.
    Hint(Seat),
}

/// Decides a click on `message` routed to this session.
pub(super) fn click<'a>(s: &Session, route: &'a Route, message: MessageId, user: &User) -> Click<'a> {
    let tr = crate::engine::Tr::new(user.locale, &[]);
    if !s.phase.is_open() {
        return Click::Refuse(tr.t("click-game-gone"));
    }
    // Only the one live board (or lobby) acts: a copy left behind by a failed edit is stale. A
    // daily's boards are private answers whose ids the bot never learns: its version decides.
    if s.table.daily.is_none() && s.row.board_message_id != Some(message) {
        return Click::Refuse(render::stale(&tr, s));
    }
    match route {
        Route::Lobby { action, .. } => Click::Lobby(action),
        Route::Game { version, action, .. } => {
            let Phase::Playing(game) = &s.phase else {
                return Click::Refuse(tr.t("click-lobby-not-started"));
            };
            if *version != s.version() {
                return Click::Refuse(render::stale(&tr, s));
            }
            game_click(s, game.as_ref(), action, user)
        }
    }
}

/// A click on a game in play's board, of its version.
fn game_click<'a>(s: &Session, game: &dyn AnyGame, action: &'a str, user: &User) -> Click<'a> {
    let tr = crate::engine::Tr::new(user.locale, &[]);
    let seat = s.seat_of(user.id);
    if let Target::Step(draft) = Target::of(action)
        && is_look(draft)
        && !seat.is_some_and(|seat| s.awaited().contains(&seat))
    {
        return Click::Show(render::board(s, game, &[], false, draft));
    }
    let Some(seat) = seat else {
        return Click::Refuse(tr.t("rule-not-playing"));
    };
    if action == coach::HINT {
        return if s.table.daily.is_some() {
            Click::Refuse(tr.t("daily-no-hint"))
        } else if !s.hints || !game.coached() {
            Click::Refuse(tr.t("hint-off"))
        } else if s.awaited().contains(&seat) {
            Click::Hint(seat)
        } else {
            Click::Refuse(render::not_your_turn(s, user.locale))
        };
    }
    match Target::of(action) {
        Target::Step(draft) if s.awaited().contains(&seat) => {
            Click::Redraw(render::board(s, game, &[], true, draft))
        }
        Target::Step(_) => Click::Refuse(render::not_your_turn(s, user.locale)),
        // A daily is one attempt: resigning it would end it with fewer turns.
        Target::Act(RESIGN) if s.table.daily.is_some() => Click::Refuse(tr.t("daily-no-resign")),
        Target::Act(action) => Click::Act { seat, action },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Locale, SeededDice, view::step_id};
    use crate::games::GameKind;
    use crate::id::{ChannelId, GameId, UserId};
    use crate::session::{SeatInfo, Table};
    use crate::store::{GameRow, Status};

    const BOARD: MessageId = MessageId(500);

    fn user(id: u64) -> User {
        User {
            id: UserId(id),
            name: format!("u{id}"),
            locale: Locale::En,
            manager: false,
        }
    }

    /// A two-player Can't Stop game in play, ann (1) and ben (2), with its live board.
    fn session() -> Session {
        let kind = GameKind::from_id("cantstop").unwrap();
        let game = kind
            .new_game(&serde_json::Value::Null, 2, &mut SeededDice::new(3))
            .unwrap();
        let seat = |id: u64, name: &str| SeatInfo {
            user: Some(UserId(id)),
            name: name.into(),
            bot: None,
        };
        let row = GameRow {
            id: GameId(9),
            kind: kind.id().into(),
            guild_id: None,
            channel_id: ChannelId(7),
            host_id: UserId(1),
            status: Status::Playing,
            options: serde_json::Value::Null,
            seats: serde_json::Value::Null,
            setup_dice: vec![],
            board_message_id: Some(BOARD),
            created_at: 0,
            updated_at: 0,
        };
        let table = Table::new(vec![seat(1, "ann"), seat(2, "ben")], Locale::En, false);
        let mut s = Session::new(
            row,
            kind,
            table,
            Phase::Playing(game),
            &crate::discord::DiscordMarkup,
        );
        s.hints = true;
        s
    }

    fn route(action: &str, version: usize) -> Route {
        Route::Game {
            game: GameId(9),
            version,
            action: action.into(),
        }
    }

    fn refusal(c: Click) -> String {
        match c {
            Click::Refuse(why) => why,
            other => panic!("not refused: {other:?}"),
        }
    }

    /// A session, its awaited seat, the user sitting there and the other player.
    fn mover_and_other() -> (Session, Seat, User, User) {
        let s = session();
        let awaited = s.awaited()[0];
        let (mover, other) = if awaited == 0 {
            (user(1), user(2))
        } else {
            (user(2), user(1))
        };
        (s, awaited, mover, other)
    }

    #[test]
    fn the_awaited_seat_acts_and_steps_redraw_only_for_it() {
        let (s, awaited, mover, other) = mover_and_other();
        let roll = route("roll", 0);
        assert_eq!(
            click(&s, &roll, BOARD, &mover),
            Click::Act {
                seat: awaited,
                action: "roll"
            }
        );
        // The game, not the session, refuses an action out of turn (resign is always allowed).
        assert!(matches!(click(&s, &roll, BOARD, &other), Click::Act { .. }));
        let step = route(&step_id("x"), 0);
        assert!(matches!(click(&s, &step, BOARD, &mover), Click::Redraw(_)));
        let why = refusal(click(&s, &step, BOARD, &other));
        let name = if awaited == 0 { "🔴 ann" } else { "🟦 ben" };
        assert_eq!(why, format!("Waiting for {name}."));
    }

    /// A step that only looks (Saizumi's Details) is shown privately to anyone else, even one
    /// not playing, without controls; the awaited seat's press redraws the board as any step.
    #[test]
    fn a_look_is_shown_privately_to_anyone_else() {
        let (s, _, mover, other) = mover_and_other();
        let look = route(&step_id("?details"), 0);
        for reader in [other, user(3)] {
            match click(&s, &look, BOARD, &reader) {
                Click::Show(post) => assert!(post.view.rows.is_empty(), "a look has no controls"),
                c => panic!("a look by {} was {c:?}", reader.name),
            }
        }
        assert!(matches!(click(&s, &look, BOARD, &mover), Click::Redraw(_)));
        // A look on an old board is stale like any other press.
        assert!(matches!(
            click(&s, &route(&step_id("?details"), 1), BOARD, &user(3)),
            Click::Refuse(_)
        ));
    }

    #[test]
    fn a_hint_is_for_the_awaited_seat_of_a_server_with_hints_on() {
        let mut s = session();
        let awaited = s.awaited()[0];
        let (mover, other) = if awaited == 0 {
            (user(1), user(2))
        } else {
            (user(2), user(1))
        };
        let hint = route(crate::session::coach::HINT, 0);
        assert_eq!(click(&s, &hint, BOARD, &mover), Click::Hint(awaited));
        assert!(refusal(click(&s, &hint, BOARD, &other)).starts_with("Waiting for"));
        assert!(refusal(click(&s, &hint, BOARD, &user(5))).contains("not playing"));
        assert!(
            refusal(click(&s, &route(crate::session::coach::HINT, 2), BOARD, &mover)).contains("out of date")
        );
        // The board offers it, routed to this version.
        let board = render::board(&s, s.phase.game().unwrap(), &[], true, "");
        assert!(board.view.rows.iter().any(|r| r.ids().contains(&"sk:9:0:?hint")));
        s.hints = false;
        assert!(refusal(click(&s, &hint, BOARD, &mover)).contains("switched off"));
        let board = render::board(&s, s.phase.game().unwrap(), &[], true, "");
        assert!(
            board
                .view
                .rows
                .iter()
                .all(|r| !r.ids().iter().any(|id| id.ends_with("?hint")))
        );
    }

    #[test]
    fn outsiders_stale_versions_other_messages_and_ended_games_are_refused() {
        let mut s = session();
        assert!(refusal(click(&s, &route("roll", 0), BOARD, &user(5))).contains("not playing"));
        assert!(refusal(click(&s, &route("roll", 3), BOARD, &user(1))).contains("out of date"));
        assert!(refusal(click(&s, &route("roll", 0), MessageId(1), &user(1))).contains("out of date"));
        let Phase::Playing(game) = std::mem::replace(&mut s.phase, Phase::Lobby) else {
            panic!("the game is in play");
        };
        s.phase = Phase::Finished(game);
        assert!(refusal(click(&s, &route("roll", 0), BOARD, &user(1))).contains("has ended"));
    }
}

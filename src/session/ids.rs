//! Button ids. Every button carries what is needed to route it, so clicks work after a restart and
//! nothing lives only in a collector. A live board's or lobby's id is
//! `sk:<game id>:<version>:<action>`, where the version is the length of the game's action log (a
//! lobby's buttons use `L`); a replay's `rp:<game id>:<move>:<emoji>`, a final board's Rematch
//! `rm:<game id>`, a leaderboard page's `lb:<game>:<page>:<emoji>` (the emoji keeps two buttons
//! leading to one page apart), forget-me's confirmation `fm:<user id>` (the user who asked), a
//! daily result's Share `dy:<user id>:<day>` (the player whose result it is), a puzzle's choice
//! or step `pz:<puzzle id>:<owner>:<action>` and its "Another puzzle" `pn:<game>:<owner>` (the
//! owner being the player it was shown to). At most 100 characters. The front end decodes an id
//! once, into a
//! [`Route`], and hands it to the one service that serves it.

use crate::engine::view::limits;
use crate::engine::{Row, View};
use crate::games::GameKind;
use crate::id::{GameId, UserId};

const PREFIX: &str = "sk";
const LOBBY: &str = "L";
const REPLAY: &str = "rp:";
const REMATCH: &str = "rm:";
const LEADERBOARD: &str = "lb:";
const FORGET_ME: &str = "fm:";
const DAILY_SHARE: &str = "dy:";
const PUZZLE: &str = "pz:";
const PUZZLE_NEXT: &str = "pn:";

/// Where a click goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Route {
    /// A live board or lobby: served by the game's session.
    Table(TableRoute),
    /// A view of the players' history: served from the store.
    Records(RecordRoute),
    /// The Share button of `owner`'s daily result of `day`: only they may press it.
    DailyShare { owner: UserId, day: i64 },
    /// A puzzle's control: served from the store, to the player it was shown to alone.
    Puzzle(PuzzleRoute),
}

/// A click on a puzzle shown to `owner`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleRoute {
    /// A choice (an action id) or a step toward one (a step's id) of stored puzzle `puzzle`.
    Answer {
        puzzle: i64,
        owner: UserId,
        control: String,
    },
    /// "Another puzzle" of `kind`.
    Next { kind: GameKind, owner: UserId },
}

impl PuzzleRoute {
    /// The player the puzzle was shown to: the only one who may press its controls.
    pub fn owner(&self) -> UserId {
        match self {
            PuzzleRoute::Answer { owner, .. } | PuzzleRoute::Next { owner, .. } => *owner,
        }
    }
}

pub fn puzzle(puzzle: i64, owner: UserId, control: &str) -> String {
    format!("{PUZZLE}{puzzle}:{owner}:{control}")
}

pub fn puzzle_next(kind: GameKind, owner: UserId) -> String {
    format!("{PUZZLE_NEXT}{}:{owner}", kind.id())
}

/// A puzzle's route; a select's picked option is the control when it makes a valid id.
fn decode_puzzle(custom_id: &str, picked: Option<&str>) -> Option<PuzzleRoute> {
    if let Some(rest) = custom_id.strip_prefix(PUZZLE_NEXT) {
        let (kind, owner) = rest.split_once(':')?;
        let kind = GameKind::from_id(kind)?;
        return Some(PuzzleRoute::Next {
            kind,
            owner: UserId(owner.parse().ok()?),
        });
    }
    let mut parts = custom_id.strip_prefix(PUZZLE)?.splitn(3, ':');
    let puzzle = parts.next()?.parse::<i64>().ok().filter(|p| *p > 0)?;
    let owner = UserId(parts.next()?.parse().ok()?);
    let own = parts.next()?;
    let chars = custom_id.chars().count();
    if !valid_action(own, chars) {
        return None;
    }
    let control = picked
        .filter(|p| valid_action(p, chars - own.chars().count() + p.chars().count()))
        .unwrap_or(own)
        .to_owned();
    Some(PuzzleRoute::Answer {
        puzzle,
        owner,
        control,
    })
}

/// A click on a view of the players' history, which needs no live game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordRoute {
    /// A replay's step to move `step` of a finished game.
    Replay { game: GameId, step: usize },
    /// The Rematch button of finished game `of`.
    Rematch { of: GameId },
    /// A leaderboard's page.
    Leaderboard { kind: GameKind, page: i64 },
    /// Forget-me confirmed: only `user`, who asked, may confirm it.
    ForgetMe { user: UserId },
}

/// A click on a live game's board or lobby.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableRoute {
    /// A move on a game board, valid only while the log has `version` entries.
    Game {
        game: GameId,
        version: usize,
        action: String,
    },
    /// A lobby button (join, leave, start, …): lobbies have no moves to go stale.
    Lobby { game: GameId, action: String },
}

impl TableRoute {
    pub fn game(&self) -> GameId {
        match self {
            TableRoute::Game { game, .. } | TableRoute::Lobby { game, .. } => *game,
        }
    }
}

pub fn game(game: GameId, version: usize, action: &str) -> String {
    format!("{PREFIX}:{game}:{version}:{action}")
}

/// Routes every control of a game's view to `game` at `version`. A select keeps its options'
/// values (the game's ids): the front end hands the picked one to [`decode`].
pub fn route_view(view: &mut View, game_id: GameId, version: usize) {
    let route = |id: &mut String| *id = game(game_id, version, id);
    for row in &mut view.rows {
        match row {
            Row::Buttons { buttons } => buttons.iter_mut().for_each(|b| route(&mut b.id)),
            Row::Select(select) => route(&mut select.id),
        }
    }
}

pub fn lobby(game: GameId, action: &str) -> String {
    format!("{PREFIX}:{game}:{LOBBY}:{action}")
}

pub fn replay(game: GameId, step: usize, emoji: &str) -> String {
    format!("{REPLAY}{game}:{step}:{emoji}")
}

pub fn rematch(of: GameId) -> String {
    format!("{REMATCH}{of}")
}

pub fn leaderboard(kind: GameKind, page: i64, emoji: &str) -> String {
    format!("{LEADERBOARD}{}:{page}:{emoji}", kind.id())
}

pub fn forget_me(user: UserId) -> String {
    format!("{FORGET_ME}{user}")
}

pub fn daily_share(owner: UserId, day: i64) -> String {
    format!("{DAILY_SHARE}{owner}:{day}")
}

/// The route of a click on a control with `custom_id`; for a select menu, `picked` is the
/// chosen option, which becomes the action when it makes a valid id. `None` for anything we did
/// not make: another bot's button, a forged or truncated id.
pub fn decode(custom_id: &str, picked: Option<&str>) -> Option<Route> {
    if let Some(rest) = custom_id.strip_prefix(REPLAY) {
        let mut parts = rest.split(':');
        let game = GameId(parts.next()?.parse().ok()?);
        let step = parts.next()?.parse().ok()?;
        return Some(Route::Records(RecordRoute::Replay { game, step }));
    }
    if let Some(rest) = custom_id.strip_prefix(REMATCH) {
        let of = rest.parse().ok().filter(|g| *g > 0)?;
        return Some(Route::Records(RecordRoute::Rematch { of: GameId(of) }));
    }
    if let Some(rest) = custom_id.strip_prefix(LEADERBOARD) {
        let mut parts = rest.split(':');
        let kind = GameKind::from_id(parts.next()?)?;
        let page = parts.next()?.parse().ok()?;
        return Some(Route::Records(RecordRoute::Leaderboard { kind, page }));
    }
    if let Some(rest) = custom_id.strip_prefix(FORGET_ME) {
        let user = UserId(rest.parse().ok()?);
        return Some(Route::Records(RecordRoute::ForgetMe { user }));
    }
    if let Some(rest) = custom_id.strip_prefix(DAILY_SHARE) {
        let (owner, day) = rest.split_once(':')?;
        let owner = UserId(owner.parse().ok()?);
        let day = day.parse().ok().filter(|d| *d > 0)?;
        return Some(Route::DailyShare { owner, day });
    }
    if custom_id.starts_with(PUZZLE) || custom_id.starts_with(PUZZLE_NEXT) {
        return decode_puzzle(custom_id, picked).map(Route::Puzzle);
    }
    let route = decode_table(custom_id)?;
    let chosen = picked.and_then(|action| {
        let id_chars = custom_id.chars().count() - action_of(&route).chars().count() + action.chars().count();
        valid_action(action, id_chars).then(|| with_action(&route, action))
    });
    Some(Route::Table(chosen.unwrap_or(route)))
}

fn action_of(route: &TableRoute) -> &str {
    match route {
        TableRoute::Game { action, .. } | TableRoute::Lobby { action, .. } => action,
    }
}

/// An action fits an id of `id_chars` characters in all.
fn valid_action(action: &str, id_chars: usize) -> bool {
    !action.is_empty() && action.len() <= limits::ACTION_ID && id_chars <= limits::CUSTOM_ID
}

/// The same route with another action: a select menu's id with the option that was picked.
fn with_action(route: &TableRoute, action: &str) -> TableRoute {
    let action = action.to_owned();
    match *route {
        TableRoute::Game { game, version, .. } => TableRoute::Game {
            game,
            version,
            action,
        },
        TableRoute::Lobby { game, .. } => TableRoute::Lobby { game, action },
    }
}

fn decode_table(custom_id: &str) -> Option<TableRoute> {
    let mut parts = custom_id.splitn(4, ':');
    if parts.next()? != PREFIX {
        return None;
    }
    let game = GameId(parts.next()?.parse().ok().filter(|g| *g > 0)?);
    let version = parts.next()?;
    let action = parts.next()?;
    if !valid_action(action, custom_id.chars().count()) {
        return None;
    }
    let action = action.to_owned();
    if version == LOBBY {
        Some(TableRoute::Lobby { game, action })
    } else {
        let version = version.parse().ok()?;
        Some(TableRoute::Game {
            game,
            version,
            action,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn round_trip() {
        assert_eq!(
            decode(&game(GameId(12), 7, "m6+10"), None),
            Some(Route::Table(TableRoute::Game {
                game: GameId(12),
                version: 7,
                action: "m6+10".into()
            }))
        );
        assert_eq!(
            decode(&lobby(GameId(3), "join"), None),
            Some(Route::Table(TableRoute::Lobby {
                game: GameId(3),
                action: "join".into()
            }))
        );
        assert_eq!(
            decode(&replay(GameId(5), 3, "▶"), None),
            Some(Route::Records(RecordRoute::Replay {
                game: GameId(5),
                step: 3
            }))
        );
        assert_eq!(
            decode(&rematch(GameId(42)), None),
            Some(Route::Records(RecordRoute::Rematch { of: GameId(42) }))
        );
        let kind = GameKind::ALL[0];
        assert_eq!(
            decode(&leaderboard(kind, 3, "▶"), None),
            Some(Route::Records(RecordRoute::Leaderboard { kind, page: 3 }))
        );
        assert_eq!(
            decode(&daily_share(UserId(7), 12), None),
            Some(Route::DailyShare {
                owner: UserId(7),
                day: 12
            })
        );
        assert_eq!(
            decode(&forget_me(UserId(u64::MAX)), None),
            Some(Route::Records(RecordRoute::ForgetMe {
                user: UserId(u64::MAX)
            }))
        );
    }

    #[test]
    fn forged_history_ids_are_not_routes() {
        for bad in [
            "rm:",
            "rm:0",
            "rm:-3",
            "rm:x",
            "lb:nosuchgame:1:▶",
            "lb:cantstop:x",
            "rp:1",
            "rp:x:1",
            "fm:",
            "fm:-1",
            "fm:x",
            "dy:",
            "dy:7",
            "dy:7:0",
            "dy:7:-1",
            "dy:x:3",
            "dy:7:3:4",
        ] {
            assert_eq!(decode(bad, None), None, "{bad}");
        }
    }

    #[test]
    fn puzzle_ids_carry_their_owner_and_refuse_forgeries() {
        let ann = UserId(123_456_789_012_345_678);
        assert_eq!(
            decode(&puzzle(7, ann, "~c1.c4"), None),
            Some(Route::Puzzle(PuzzleRoute::Answer {
                puzzle: 7,
                owner: ann,
                control: "~c1.c4".into()
            }))
        );
        assert_eq!(
            decode(&puzzle(7, ann, "pick"), Some("m6+10")),
            decode(&puzzle(7, ann, "m6+10"), None),
            "a select's picked option"
        );
        let kind = GameKind::ALL[0];
        assert_eq!(
            decode(&puzzle_next(kind, ann), None),
            Some(Route::Puzzle(PuzzleRoute::Next { kind, owner: ann }))
        );
        for bad in [
            "pz:",
            "pz:0:1:roll",
            "pz:x:1:roll",
            "pz:1:x:roll",
            "pz:1:2:",
            "pz:1:2",
            "pn:nosuchgame:1",
            "pn:cantstop:x",
        ] {
            assert_eq!(decode(bad, None), None, "{bad}");
        }
    }

    #[test]
    fn a_select_routes_its_chosen_option() {
        let pick = game(GameId(4), 2, "pick");
        assert_eq!(decode(&pick, Some("c3")), decode(&game(GameId(4), 2, "c3"), None));
        assert_eq!(
            decode(&pick, Some("")),
            decode(&pick, None),
            "an empty choice is no action"
        );
        assert_eq!(decode("garbage", Some("c3")), None);
    }

    #[test]
    fn forged_and_malformed_ids_are_refused() {
        for bad in [
            "",
            "sk",
            "sk:1",
            "sk:1:2",
            "sk:1:2:",
            "xx:1:2:roll",
            "sk:-1:2:roll",
            "sk:0:2:roll",
            "sk:a:2:roll",
            "sk:1:x:roll",
            "sk:1:-2:roll",
            "sk:99999999999999999999999:1:roll",
        ] {
            assert_eq!(decode(bad, None), None, "{bad:?}");
        }
        assert_eq!(decode(&game(GameId(1), 1, &"a".repeat(65)), None), None);
    }

    /// What decoding promises for any input: no panic; a decoded route fits Discord, and
    /// encoding it again decodes to the same route; a select's route stays decodable.
    fn check_decoding(id: &str) -> Result<(), TestCaseError> {
        if let Some(Route::Table(route)) = decode(id, None) {
            prop_assert!(id.chars().count() <= limits::CUSTOM_ID);
            let again = match &route {
                TableRoute::Game {
                    game: g,
                    version,
                    action,
                } => game(*g, *version, action),
                TableRoute::Lobby { game, action } => lobby(*game, action),
            };
            prop_assert_eq!(decode(&again, None), Some(Route::Table(route)));
        }
        if let Some(Route::Table(picked)) = decode(id, Some("c3")) {
            let again = match &picked {
                TableRoute::Game {
                    game: g,
                    version,
                    action,
                } => game(*g, *version, action),
                TableRoute::Lobby { game, action } => lobby(*game, action),
            };
            prop_assert_eq!(decode(&again, None), Some(Route::Table(picked)), "from {}", id);
        }
        Ok(())
    }

    /// A real id with one edit: bytes inserted, removed or replaced at some place.
    fn mangled() -> impl Strategy<Value = String> {
        let version = prop_oneof![Just(LOBBY.to_owned()), (0usize..2000).prop_map(|v| v.to_string())];
        let id = (1i64..i64::MAX, version, "[a-z0-9+.~-]{1,70}")
            .prop_map(|(g, v, a)| format!("{PREFIX}:{g}:{v}:{a}"));
        let edit = (
            any::<usize>(),
            0usize..4,
            proptest::collection::vec(any::<u8>(), 0..4),
        );
        (id, edit).prop_map(|(id, (at, cut, insert))| {
            let mut bytes = id.into_bytes();
            let at = at % (bytes.len() + 1);
            let cut = cut.min(bytes.len() - at);
            bytes.splice(at..at + cut, insert);
            String::from_utf8_lossy(&bytes).into_owned()
        })
    }

    proptest! {
        #![proptest_config(crate::session::tests::fuzz_config(256))]

        #[test]
        fn decoding_never_panics(s in ".{0,120}") {
            check_decoding(&s)?;
        }

        #[test]
        fn arbitrary_bytes_are_decoded_soundly(bytes in proptest::collection::vec(any::<u8>(), 0..160)) {
            check_decoding(&String::from_utf8_lossy(&bytes))?;
        }

        #[test]
        fn mangled_ids_are_decoded_soundly(id in mangled()) {
            check_decoding(&id)?;
        }

        #[test]
        fn encoded_ids_fit_discord(g in 1i64..i64::MAX, v in 0usize..1_000_000, a in "[a-z0-9+]{1,64}") {
            let id = game(GameId(g), v, &a);
            prop_assert!(id.len() <= limits::CUSTOM_ID);
            prop_assert_eq!(decode(&id, None), Some(Route::Table(TableRoute::Game { game: GameId(g), version: v, action: a })));
        }
    }
}

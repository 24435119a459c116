//! `/<game> replay id`: a finished game's board move by move, rebuilt from the stored log. It
//! reads the store only, so stepping through a replay never touches a live game. Buttons carry
//! the game and the move shown: `rp:<game id>:<move>:<emoji>`. One past the last move is the
//! whole game as an animated GIF (the 🎞 button), built off the async workers like every step.

use super::markup::Markup;
use super::{Post, Refused, Table, User, live};
use crate::engine::{Button, Locale, Msg, RestoreError, Row, Style, Tr, animation};
use crate::games::GameKind;
use crate::id::{GameId, GuildId};
use crate::store::{Status, Store, StoredGame};

/// The button that shows the whole game animated.
const ANIMATION: &str = "🎞";

fn step_button(game: GameId, step: usize, emoji: &str, disabled: bool) -> Button {
    Button::act(super::ids::replay(game, step, emoji), emoji, Style::Secondary).disabled(disabled)
}

/// Game `id` after its first `step` moves (all of them when `None`), for anyone in the
/// server it was played in. `kind` is the command's game, when asked by command.
pub async fn replay(
    store: &Store,
    markup: &dyn Markup,
    guild: Option<GuildId>,
    kind: Option<GameKind>,
    id: GameId,
    step: Option<usize>,
    user: &User,
) -> Result<Post, Refused> {
    let tr = Tr::new(user.locale, &[]);
    let missing = || Refused(Msg::new("replay-missing").arg("id", id.get()));
    let stored = store
        .load_game(id)
        .await
        .map_err(|e| Refused::store(&e))?
        .ok_or_else(missing)?;
    // Another server's game, an unfinished one or one of another kind are all "not here".
    let game_kind = GameKind::from_id(&stored.row.kind).ok_or_else(missing)?;
    if stored.row.guild_id != guild
        || stored.row.status != Status::Finished
        || kind.is_some_and(|k| k != game_kind)
    {
        return Err(missing());
    }
    let table: Table = serde_json::from_value(stored.row.seats.clone()).map_err(|_| missing())?;
    let names: Vec<String> = table
        .seats
        .iter()
        .map(|s| super::seat_name(s, &tr, markup))
        .collect();
    let locale = user.locale;
    // Replaying is CPU work in proportion to the log: a long game's steps run off the async
    // workers, so stepping through it stalls no other game.
    let shown =
        tokio::task::spawn_blocking(move || board_at(game_kind, &stored, &table, &names, locale, step));
    match shown.await {
        Ok(Ok(post)) => Ok(post),
        Ok(Err(why)) => {
            tracing::warn!(game = %id, %why, "a stored game does not replay");
            Err(Msg::new("replay-damaged").arg("id", id.get()).into())
        }
        Err(_) => Err(Refused::new("error-unexpected")),
    }
}

/// The finished game `stored` after its first `step` moves (all when `None`), as the replay's
/// board with its step buttons, in `locale`; one step past the end adds the whole game
/// animated as the board's picture.
fn board_at(
    kind: GameKind,
    stored: &StoredGame,
    table: &Table,
    names: &[String],
    locale: Locale,
    step: Option<usize>,
) -> Result<Post, RestoreError> {
    let id = stored.row.id;
    let moves = stored.log.len();
    let animated = step == Some(moves + 1);
    let step = step.unwrap_or(moves).min(moves);
    let (game, lines) = live::replayed(kind, &stored.row, table.seats.len(), &stored.log[..step])?;
    let tr = Tr::new(locale, names);
    let picture = if animated {
        let start = kind.set_up_again(&stored.row.options, table.seats.len(), &stored.row.setup_dice)?;
        Some(Box::new(animation::animate(start, &stored.log, &tr)?))
    } else {
        None
    };
    let mut view = game.view(None, "", &tr);
    // The animation shows the board: its emoji drawing beside it would show it twice.
    if picture.is_some()
        && let Some(words) = view.words.take()
    {
        view.description = words;
    }
    let last: Vec<String> = lines
        .last()
        .into_iter()
        .flatten()
        .map(|m: &Msg| tr.msg(m))
        .collect();
    view.footer = Some(tr.f(
        "replay-footer",
        &[
            ("id", id.get().into()),
            ("step", step.into()),
            ("moves", moves.into()),
            ("last", last.join(" ").into()),
        ],
    ));
    view.rows = vec![Row::buttons(vec![
        step_button(id, 0, "⏮", step == 0),
        step_button(id, step.saturating_sub(1), "◀", step == 0),
        step_button(id, step + 1, "▶", step == moves),
        step_button(id, moves, "⏭", step == moves),
        step_button(id, moves + 1, ANIMATION, animated),
    ])];
    Ok(Post {
        content: game
            .outcome()
            .map(|o| super::coach::with_hint_note(o.describe(&tr), table, &tr)),
        view,
        ping: vec![],
        picture,
    })
}

//! Button ids. Every button carries what is needed to route it, so clicks work after a restart and
//! nothing lives only in a collector: `sk:<game id>:<version>:<action>`, where the version is the
//! length of the game's action log (a lobby's buttons use `L`). At most 100 characters.

use crate::engine::view::limits;
use crate::engine::{Row, View};
use crate::id::GameId;

const PREFIX: &str = "sk";
const LOBBY: &str = "L";

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Route {
    /// A move on a game board, valid only while the log has `version` entries.
    Game {
        game: GameId,
        version: usize,
        action: String,
    },
    /// A lobby button (join, leave, start, …): lobbies have no moves to go stale.
    Lobby { game: GameId, action: String },
}

impl Route {
    pub fn game(&self) -> GameId {
        match self {
            Route::Game { game, .. } | Route::Lobby { game, .. } => *game,
        }
    }
}

pub fn game(game: GameId, version: usize, action: &str) -> String {
    format!("{PREFIX}:{game}:{version}:{action}")
}

/// Routes every control of a game's view to `game` at `version`. A select keeps its options'
/// values (the game's ids): the front end puts the picked one in the route ([`with_action`]).
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

/// The same route with another action: a select menu's id with the option that was picked.
pub fn with_action(custom_id: &str, action: &str) -> Option<String> {
    match decode(custom_id)? {
        Route::Game { game: g, version, .. } => Some(game(g, version, action)),
        Route::Lobby { game, .. } => Some(lobby(game, action)),
    }
    .filter(|id| decode(id).is_some())
}

/// `None` for anything we did not make: another bot's button, a forged or truncated id.
pub fn decode(custom_id: &str) -> Option<Route> {
    if custom_id.chars().count() > limits::CUSTOM_ID {
        return None;
    }
    let mut parts = custom_id.splitn(4, ':');
    if parts.next()? != PREFIX {
        return None;
    }
    let game = GameId(parts.next()?.parse().ok().filter(|g| *g > 0)?);
    let version = parts.next()?;
    let action = parts
        .next()
        .filter(|a| !a.is_empty() && a.len() <= limits::ACTION_ID)?;
    let action = action.to_owned();
    if version == LOBBY {
        Some(Route::Lobby { game, action })
    } else {
        let version = version.parse().ok()?;
        Some(Route::Game {
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
            decode(&game(GameId(12), 7, "m6+10")),
            Some(Route::Game {
                game: GameId(12),
                version: 7,
                action: "m6+10".into()
            })
        );
        assert_eq!(
            decode(&lobby(GameId(3), "join")),
            Some(Route::Lobby {
                game: GameId(3),
                action: "join".into()
            })
        );
    }

    #[test]
    fn a_select_routes_its_chosen_option() {
        assert_eq!(
            with_action(&game(GameId(4), 2, "pick"), "c3"),
            Some(game(GameId(4), 2, "c3"))
        );
        assert_eq!(
            with_action(&game(GameId(4), 2, "pick"), ""),
            None,
            "an empty choice is no action"
        );
        assert_eq!(with_action("garbage", "c3"), None);
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
            assert_eq!(decode(bad), None, "{bad:?}");
        }
        assert_eq!(decode(&game(GameId(1), 1, &"a".repeat(65))), None);
    }

    /// What decoding promises for any input: no panic; a decoded route fits Discord, and
    /// encoding it again decodes to the same route; a select's route stays decodable.
    fn check_decoding(id: &str) -> Result<(), TestCaseError> {
        if let Some(route) = decode(id) {
            prop_assert!(id.chars().count() <= limits::CUSTOM_ID);
            let again = match &route {
                Route::Game {
                    game: g,
                    version,
                    action,
                } => game(*g, *version, action),
                Route::Lobby { game, action } => lobby(*game, action),
            };
            prop_assert_eq!(decode(&again), Some(route));
        }
        if let Some(picked) = with_action(id, "c3") {
            prop_assert!(decode(&picked).is_some(), "{} from {}", picked, id);
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
            prop_assert_eq!(decode(&id), Some(Route::Game { game: GameId(g), version: v, action: a }));
        }
    }
}

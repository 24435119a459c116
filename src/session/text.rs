//! Game names as the session writes them into messages.

use crate::engine::Tr;
use crate::games::GameKind;

pub fn game_name(tr: &Tr, kind: GameKind) -> String {
    tr.t(&format!("{}-name", kind.id()))
}

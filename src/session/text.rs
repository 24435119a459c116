//! Game names as the session writes them into messages.

use crate::engine::Tr;
use crate::games::GameKind;

pub fn game_name(tr: &Tr, kind: GameKind) -> String {
    tr.t(&format!("{}-name", kind.id()))
}

/// A length of time in its largest whole unit: days, hours or minutes.
pub fn duration(tr: &Tr, secs: u64) -> String {
    let (id, n) = match secs {
        s if s >= 86_400 && s % 86_400 == 0 => ("duration-days", s / 86_400),
        s if s >= 3_600 && s % 3_600 == 0 => ("duration-hours", s / 3_600),
        s => ("duration-minutes", s.div_ceil(60)),
    };
    tr.f(id, &[("n", n.into())])
}

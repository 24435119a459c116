//! The stone cards (§2): a card list read from TOML, so an owner of the real game can replace the
//! reconstructed one in `cards.toml`. The loader refuses a list the rules cannot play, naming the
//! card (or the line, for TOML that does not parse) and the reason as a catalogue message.

use crate::engine::Msg;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The built-in list: the reconstruction of §2.
pub const BUILT_IN: &str = include_str!("cards.toml");
/// Stone cards in the game.
pub const STONES: usize = 54;
/// Visitor cards: no data, always nine.
pub const VISITORS: usize = 9;
/// The longest row of die faces a half may show.
pub const MAX_ROW: usize = 3;
/// The longest card id the board has room for.
const MAX_ID: usize = 4;

/// What a half does when its card is discarded during a check.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Effect {
    /// Every die is rolled again.
    RerollAll,
    /// Every die showing the face is rolled again; `None` is `?`: the user names the face.
    Reroll(Option<u8>),
    /// All four dice become the face.
    Set(u8),
}

impl Effect {
    /// Does using it need a face named by the user?
    pub fn names_face(self) -> bool {
        self == Effect::Reroll(None)
    }
}

impl fmt::Display for Effect {
    /// The board's short form: `🔄` reroll all, `🔄4` reroll 4s, `🔄?`, `=3` set all to 3.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Effect::RerollAll => f.write_str("🔄"),
            Effect::Reroll(Some(n)) => write!(f, "🔄{n}"),
            Effect::Reroll(None) => f.write_str("🔄?"),
            Effect::Set(n) => write!(f, "={n}"),
        }
    }
}

/// One half of a card: the row that must show for it to collapse, the scoring centre and the effect.
#[derive(Clone, Debug, PartialEq)]
pub struct HalfFace {
    pub row: Vec<u8>,
    /// How many times each face 1–6 appears in the row (index 0 unused).
    pub counts: [u8; 7],
    pub centre: u8,
    pub mult: u8,
    pub effect: Effect,
    /// The chance that four fresh dice contain the row.
    pub chance: f64,
}

impl HalfFace {
    /// Does the row appear among dice with these face counts (multiset containment, §4)?
    pub fn matches(&self, dice_counts: &[u8; 7]) -> bool {
        (1..=6).all(|f| self.counts[f] <= dice_counts[f])
    }

    /// How many of the row's dice show `face`.
    pub fn pips(&self, face: u8) -> u32 {
        u32::from(self.counts[usize::from(face)])
    }

    /// `[4][5] 4×2`: the row and the centre with its multiplier.
    pub fn short(&self) -> String {
        format!("{} {}×{}", row_text(&self.row), self.centre, self.mult)
    }
}

/// `[4][5]`.
pub fn row_text(row: &[u8]) -> String {
    row.iter().map(|f| format!("[{f}]")).collect()
}

/// A kind of stone card: its id and both halves.
#[derive(Clone, Debug, PartialEq)]
pub struct Kind {
    pub id: String,
    pub a: HalfFace,
    pub b: HalfFace,
}

/// The card list: the kinds and, for each of the 54 physical stones, its kind. A game's snapshot
/// stores it in the file's form, read back through the same checks.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(into = "RawList", try_from = "RawList")]
pub struct CardList {
    pub kinds: Vec<Kind>,
    /// Stone number → index into `kinds`.
    pub stones: Vec<u8>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawList {
    stone: Vec<RawKind>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawKind {
    id: String,
    copies: i64,
    a: RawHalf,
    b: RawHalf,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawHalf {
    row: Vec<i64>,
    centre: i64,
    mult: i64,
    effect: String,
}

/// Why a card list is refused, naming the card and half.
fn refuse(id: &str, card: &str, half: &str) -> Msg {
    Msg::new(id).arg("card", card).arg("half", half)
}

fn face(n: i64, card: &str, half: &str) -> Result<u8, Msg> {
    u8::try_from(n)
        .ok()
        .filter(|f| (1..=6).contains(f))
        .ok_or_else(|| refuse("saizumi-cards-face", card, half).arg("face", n.to_string()))
}

fn effect(text: &str, card: &str, half: &str) -> Result<Effect, Msg> {
    let unknown = || refuse("saizumi-cards-effect", card, half).arg("effect", text);
    let number = |n: &str| n.parse::<i64>().map_err(|_| unknown());
    match text.split_once(':') {
        None if text == "reroll_all" => Ok(Effect::RerollAll),
        Some(("reroll", "?")) => Ok(Effect::Reroll(None)),
        Some(("reroll", n)) => Ok(Effect::Reroll(Some(face(number(n)?, card, half)?))),
        Some(("set", n)) => Ok(Effect::Set(face(number(n)?, card, half)?)),
        _ => Err(unknown()),
    }
}

fn half(raw: &RawHalf, card: &str, name: &str) -> Result<HalfFace, Msg> {
    if raw.row.is_empty() || raw.row.len() > MAX_ROW {
        return Err(refuse("saizumi-cards-row", card, name).arg("dice", raw.row.len()));
    }
    let row = raw
        .row
        .iter()
        .map(|&f| face(f, card, name))
        .collect::<Result<Vec<u8>, Msg>>()?;
    let centre = face(raw.centre, card, name)?;
    let mult = u8::try_from(raw.mult)
        .ok()
        .filter(|&m| m >= 1)
        .ok_or_else(|| refuse("saizumi-cards-mult", card, name).arg("mult", raw.mult.to_string()))?;
    let mut counts = [0u8; 7];
    for &f in &row {
        counts[usize::from(f)] += 1;
    }
    let hits: u32 = super::multisets()
        .iter()
        .filter(|(dice, _)| (1..=6).all(|f| counts[f] <= dice[f]))
        .map(|(_, w)| w)
        .sum();
    Ok(HalfFace {
        row,
        counts,
        centre,
        mult,
        effect: effect(&raw.effect, card, name)?,
        chance: f64::from(hits) / f64::from(super::ROLLS),
    })
}

/// The list in the file's form: each kind with its copies (stones are numbered kind by kind).
impl From<CardList> for RawList {
    fn from(list: CardList) -> Self {
        let half = |h: &HalfFace| RawHalf {
            row: h.row.iter().map(|&f| i64::from(f)).collect(),
            centre: i64::from(h.centre),
            mult: i64::from(h.mult),
            effect: match h.effect {
                Effect::RerollAll => "reroll_all".to_owned(),
                Effect::Reroll(None) => "reroll:?".to_owned(),
                Effect::Reroll(Some(n)) => format!("reroll:{n}"),
                Effect::Set(n) => format!("set:{n}"),
            },
        };
        let stone = (0u8..)
            .zip(&list.kinds)
            .map(|(i, k)| RawKind {
                id: k.id.clone(),
                copies: list.stones.iter().filter(|&&s| s == i).count() as i64,
                a: half(&k.a),
                b: half(&k.b),
            })
            .collect();
        RawList { stone }
    }
}

impl TryFrom<RawList> for CardList {
    type Error = String;

    fn try_from(raw: RawList) -> Result<Self, String> {
        Self::from_raw(&raw).map_err(|msg| msg.id)
    }
}

/// The 1-based line of a byte offset.
fn line_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].matches('\n').count() + 1
}

impl CardList {
    /// The built-in reconstruction.
    pub fn built_in() -> Self {
        Self::parse(BUILT_IN).expect("the built-in card list is valid (tested)")
    }

    /// The option's value: empty is the built-in list.
    pub fn from_option(text: &str) -> Result<Self, Msg> {
        if text.trim().is_empty() {
            Ok(Self::built_in())
        } else {
            Self::parse(text)
        }
    }

    /// Reads and checks a card list.
    pub fn parse(text: &str) -> Result<Self, Msg> {
        let raw: RawList = toml::from_str(text).map_err(|e| {
            let line = e.span().map_or(1, |s| line_of(text, s.start));
            Msg::new("saizumi-cards-malformed")
                .arg("line", line)
                .arg("reason", e.message().to_owned())
        })?;
        Self::from_raw(&raw)
    }

    /// Checks a list read in the file's form.
    fn from_raw(raw: &RawList) -> Result<Self, Msg> {
        let mut kinds: Vec<Kind> = Vec::with_capacity(raw.stone.len());
        for (i, k) in raw.stone.iter().enumerate() {
            let id = k.id.trim();
            let valid_id = !id.is_empty()
                && id.chars().count() <= MAX_ID
                && id.chars().all(|c| c.is_ascii_alphanumeric())
                && !kinds.iter().any(|o| o.id == id);
            if !valid_id {
                return Err(Msg::new("saizumi-cards-id")
                    .arg("card", k.id.as_str())
                    .arg("number", i + 1));
            }
            if !(1..=STONES as i64).contains(&k.copies) {
                return Err(Msg::new("saizumi-cards-copies")
                    .arg("card", id)
                    .arg("copies", k.copies.to_string()));
            }
            kinds.push(Kind {
                id: id.to_owned(),
                a: half(&k.a, id, "a")?,
                b: half(&k.b, id, "b")?,
            });
        }
        let total: i64 = raw.stone.iter().map(|k| k.copies).sum();
        if total != STONES as i64 {
            return Err(Msg::new("saizumi-cards-total").arg("total", total.to_string()));
        }
        // Every kind has at least one copy, so there are at most 54 kinds: each fits a u8.
        let stones = (0u8..)
            .zip(&raw.stone)
            .flat_map(|(kind, k)| std::iter::repeat_n(kind, k.copies as usize))
            .collect();
        Ok(Self { kinds, stones })
    }

    /// The kind of stone number `card`.
    pub fn kind(&self, card: u8) -> &Kind {
        &self.kinds[usize::from(self.stones[usize::from(card)])]
    }
}

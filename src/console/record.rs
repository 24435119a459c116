//! `saikoro export ID` and `saikoro replay ID`: a stored game as a JSON record (for analysis and
//! bug reports) or printed move by move, rebuilt from its log. Reading only: a live game is
//! never touched.

use crate::engine::{self, Locale, LoggedAction, RestoreError, Tr};
use crate::games::GameKind;
use crate::id::GameId;
use crate::session::Table;
use crate::store::{Store, StoredGame};
use serde::{Deserialize, Serialize};

/// A game's record as `saikoro export` writes it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    pub game: String,
    pub options: serde_json::Value,
    pub seats: Vec<RecordSeat>,
    /// Dice drawn when the game was set up (start player, shuffles).
    pub setup_dice: Vec<u8>,
    pub actions: Vec<LoggedAction>,
    /// Seats that asked the coach for hints during the game.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hinted: Vec<usize>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RecordSeat {
    pub name: String,
    /// The bot level for a computer player.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bot: Option<String>,
}

impl Record {
    fn of(stored: StoredGame) -> Result<Record, String> {
        let table: Table =
            serde_json::from_value(stored.row.seats).map_err(|e| format!("the seats do not decode: {e}"))?;
        Ok(Record {
            game: stored.row.kind,
            options: stored.row.options,
            seats: table
                .seats
                .into_iter()
                .map(|s| RecordSeat {
                    name: s.name,
                    bot: s.bot.map(|l| l.id().to_owned()),
                })
                .collect(),
            setup_dice: stored.row.setup_dice,
            actions: stored.log,
            hinted: table.hinted,
        })
    }

    fn names(&self) -> Vec<String> {
        self.seats.iter().map(|s| s.name.clone()).collect()
    }

    /// The game set up again from the record's dice, before any action.
    pub fn set_up(&self) -> Result<(GameKind, Box<dyn engine::AnyGame>), String> {
        self.rebuild(0)
    }

    /// The game set up again from the record's dice, then its first `moves` actions replayed
    /// with theirs. A corrupt or hostile record is refused, in words (dice that run out are an
    /// error, so no record makes this roll for ever).
    pub fn rebuild(&self, moves: usize) -> Result<(GameKind, Box<dyn engine::AnyGame>), String> {
        let kind = GameKind::from_id(&self.game)
            .ok_or_else(|| self.refusal(&RestoreError::UnknownGame(self.game.clone())))?;
        let mut game = kind
            .set_up_again(&self.options, self.seats.len(), &self.setup_dice)
            .map_err(|e| self.refusal(&e))?;
        let log = &self.actions[..moves.min(self.actions.len())];
        engine::replay(game.as_mut(), log).map_err(|e| self.refusal(&e))?;
        Ok((kind, game))
    }

    /// Why the record does not rebuild, in English.
    pub fn refusal(&self, e: &RestoreError) -> String {
        let names = self.names();
        format!(
            "the record does not replay: {}",
            e.describe(&Tr::new(Locale::En, &names))
        )
    }
}

/// Loads game `id`'s record from the database at `url`.
pub async fn load(url: &str, id: i64) -> Result<Record, String> {
    let store = Store::connect(url).await.map_err(|e| e.to_string())?;
    let stored = store.load_game(GameId(id)).await.map_err(|e| e.to_string());
    store.close().await;
    let stored = stored?.ok_or_else(|| format!("there is no game {id} in this database"))?;
    if stored.row.status == crate::store::Status::Lobby {
        return Err(format!("game {id} never started"));
    }
    Record::of(stored)
}

/// The game move by move in English: each action with what it did, then the final board.
pub fn replay_text(record: &Record) -> Result<String, String> {
    let names = record.names();
    let tr = Tr::new(Locale::En, &names);
    let (_, mut game) = record.set_up()?;
    let mut out = vec![format!(
        "{} — {} moves",
        tr.t(&format!("{}-name", record.game)),
        record.actions.len()
    )];
    for (i, entry) in record.actions.iter().enumerate() {
        let lines = engine::replay_entry(game.as_mut(), i, entry).map_err(|e| record.refusal(&e))?;
        let said: Vec<String> = lines.iter().map(|m| tr.msg(m)).collect();
        out.push(format!(
            "{:>4}. {} — {}: {}",
            i + 1,
            tr.name(entry.seat),
            entry.action,
            said.join(" ")
        ));
    }
    out.push(game.view(None, "", &tr).to_text());
    if let Some(outcome) = game.outcome() {
        out.push(outcome.describe(&tr));
    }
    out.extend(crate::session::hint_note(&record.hinted, &tr));
    Ok(out.join("\n"))
}

/// `saikoro review`: the decisions where the coach would have chosen otherwise, costliest
/// first, in English.
pub fn review_text(record: &Record) -> Result<String, String> {
    let names = record.names();
    let tr = Tr::new(Locale::En, &names);
    let (kind, mut game) = record.set_up()?;
    if !kind.coached() {
        return Err(format!("{} has no coach to review it", record.game));
    }
    let slips = engine::coach::review(game.as_mut(), &record.actions, &tr).map_err(|e| record.refusal(&e))?;
    let title = tr.t(&format!("{}-name", record.game));
    let note = crate::session::hint_note(&record.hinted, &tr);
    Ok(crate::session::review_text(&title, &slips, note, &tr, usize::MAX))
}

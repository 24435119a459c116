//! `saikoro export ID` and `saikoro replay ID`: a stored game as a JSON record (for analysis and
//! bug reports) or printed move by move, rebuilt from its log. Reading only: a live game is
//! never touched.

use crate::engine::{self, Locale, LoggedAction, Msg, RestoreError, Tr};
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
    pub fn set_up(&self, locale: Locale) -> Result<(GameKind, Box<dyn engine::AnyGame>), String> {
        self.rebuild(0, locale)
    }

    /// The game set up again from the record's dice, then its first `moves` actions replayed
    /// with theirs. A corrupt or hostile record is refused, in words (dice that run out are an
    /// error, so no record makes this roll for ever).
    pub fn rebuild(
        &self,
        moves: usize,
        locale: Locale,
    ) -> Result<(GameKind, Box<dyn engine::AnyGame>), String> {
        let refusal = |e: &RestoreError| self.refusal(e, locale);
        let kind = GameKind::from_id(&self.game)
            .ok_or_else(|| refusal(&RestoreError::UnknownGame(self.game.clone())))?;
        let mut game = kind
            .set_up_again(&self.options, self.seats.len(), &self.setup_dice)
            .map_err(|e| refusal(&e))?;
        let log = &self.actions[..moves.min(self.actions.len())];
        engine::replay(game.as_mut(), log).map_err(|e| refusal(&e))?;
        Ok((kind, game))
    }

    /// Why the record does not rebuild, in `locale`.
    pub fn refusal(&self, e: &RestoreError, locale: Locale) -> String {
        let names = self.names();
        let tr = Tr::new(locale, &names);
        tr.msg(&Msg::new("cli-record-broken").arg("reason", e.describe(&tr)))
    }
}

/// The text of a file the user named (a record, an option's file), or why it cannot be read
/// in the user's words: the system's own are English whatever the language.
pub fn read_file(path: &std::path::Path, tr: &Tr) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| {
        let id = match e.kind() {
            std::io::ErrorKind::NotFound => "cli-file-missing",
            std::io::ErrorKind::PermissionDenied => "cli-file-denied",
            _ => "cli-file-unreadable",
        };
        let file = path.display().to_string();
        tr.msg(&Msg::new(id).arg("file", file).arg("error", e.to_string()))
    })
}

/// A record file: read, then decoded, each failure in the user's words.
pub fn read_record(path: &std::path::Path, tr: &Tr) -> Result<Record, String> {
    let text = read_file(path, tr)?;
    serde_json::from_str(&text).map_err(|e| {
        let not_record = Msg::new("cli-not-record").arg("file", path.display().to_string());
        format!("{}: {e}", tr.msg(&not_record))
    })
}

/// Loads game `id`'s record from the database at `url`. Reading never creates a database: a
/// SQLite file that does not exist is an error.
pub async fn load(url: &str, id: i64, locale: Locale) -> Result<Record, String> {
    let tr = Tr::new(locale, &[]);
    let store = open_existing(url, &tr).await?;
    let stored = store.load_game(GameId(id)).await.map_err(|e| e.to_string());
    store.close().await;
    let stored = stored?.ok_or_else(|| tr.msg(&Msg::new("cli-no-stored-game").arg("id", id)))?;
    if stored.row.status == crate::store::Status::Lobby {
        return Err(tr.msg(&Msg::new("cli-never-started").arg("id", id)));
    }
    Record::of(stored)
}

/// Opens the database at `url` to read it: a SQLite file that does not exist is refused in
/// words rather than created empty, for every command that only reads (`replay`, `review`,
/// `export`, `puzzle`).
pub async fn open_existing(url: &str, tr: &Tr<'_>) -> Result<Store, String> {
    if let Some(path) = sqlite_file(url).filter(|p| !std::path::Path::new(p).exists()) {
        return Err(tr.msg(&Msg::new("cli-no-database").arg("path", path)));
    }
    Store::connect(url).await.map_err(|e| e.to_string())
}

/// The file a `sqlite:` URL names (none for an in-memory database or another backend).
fn sqlite_file(url: &str) -> Option<&str> {
    let rest = url.strip_prefix("sqlite:")?;
    let rest = rest.strip_prefix("//").unwrap_or(rest);
    let path = rest.split('?').next().unwrap_or(rest);
    (!path.is_empty() && path != ":memory:").then_some(path)
}

/// The game move by move in `locale`: each action with what it did, then the final board.
pub fn replay_text(record: &Record, locale: Locale) -> Result<String, String> {
    let names = record.names();
    let tr = super::terminal_tr(locale, &names);
    let (_, mut game) = record.set_up(locale)?;
    let mut out = vec![
        tr.msg(
            &Msg::new("cli-replay-title")
                .arg("game", tr.t(&format!("{}-name", record.game)))
                .arg("moves", record.actions.len()),
        ),
    ];
    for (i, entry) in record.actions.iter().enumerate() {
        let lines = engine::replay_entry(game.as_mut(), i, entry).map_err(|e| record.refusal(&e, locale))?;
        let said: Vec<String> = lines.iter().map(|m| tr.msg(m)).collect();
        out.push(format!(
            "{:>4}. {} — {}: {}",
            i + 1,
            tr.name(entry.seat),
            entry.action,
            said.join(" ")
        ));
    }
    out.push(super::plain(&game.view(None, "", &tr).to_text()));
    if let Some(outcome) = game.outcome() {
        out.push(outcome.describe(&tr));
    }
    out.extend(crate::session::hint_note(&record.hinted, &tr));
    Ok(out.join("\n"))
}

/// `saikoro review`: the decisions where the coach would have chosen otherwise, costliest
/// first, in `locale`.
pub fn review_text(record: &Record, locale: Locale) -> Result<String, String> {
    let names = record.names();
    let tr = super::terminal_tr(locale, &names);
    let (kind, mut game) = record.set_up(locale)?;
    if !kind.coached() {
        let name = tr.t(&format!("{}-name", record.game));
        return Err(tr.msg(&Msg::new("cli-no-coach").arg("game", name)));
    }
    let slips =
        engine::coach::review(game.as_mut(), &record.actions, &tr).map_err(|e| record.refusal(&e, locale))?;
    let title = tr.t(&format!("{}-name", record.game));
    let note = crate::session::hint_note(&record.hinted, &tr);
    // Discord's review, without its markdown.
    Ok(super::plain(&crate::session::review_text(
        &title,
        &slips,
        note,
        &tr,
        usize::MAX,
    )))
}

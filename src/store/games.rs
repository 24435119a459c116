//! The `games` and `actions` tables, whose statements all live here: a game's row and its
//! action log, the index of unfinished games, due times and snapshots, imports, and the steps
//! of a finish that touch them. The writer (`writer`) runs the append and update statements.

use super::rows::{
    ActionRecord, GameColumns, GameRecord, GameRow, Indexed, LiveGame, LiveRecord, Logs, StoredGame,
    live_snapshot, stored_game,
};
use super::sql::{Backend, Tx, seat_to_db, snowflake_from_db, snowflake_to_db};
use super::{Status, Store, StoreError};
use crate::engine::LoggedAction;
use crate::id::{ChannelId, GameId, GuildId};
use crate::shards::ShardRange;
use futures_util::TryStreamExt;

/// Every column of `games`, as `GameRecord` reads them.
macro_rules! game_columns {
    () => {
        "id, kind, guild_id, channel_id, host_id, status, options, seats, setup_dice, \
         board_message_id, created_at, updated_at"
    };
}

/// An append's action, written only when its game is this process's (the update's condition),
/// so an append refused for its game leaves nothing to undo, even outside a transaction.
macro_rules! insert_played {
    () => {
        concat!(
            "INSERT INTO actions (game_id, seq, seat, action, dice, at) \
             SELECT $1, $2, $3, $4, $5, $6 WHERE EXISTS (SELECT 1 FROM games WHERE id = $1 AND ",
            owned!(11, 12, 13),
            ")"
        )
    };
}
macro_rules! update_played {
    () => {
        concat!(
            "UPDATE games SET status = $7, updated_at = $6, due_at = $8, board_message_id = $9, \
             snapshot = COALESCE($10, snapshot), \
             snapshot_seq = CASE WHEN $10 IS NULL THEN snapshot_seq ELSE $2 + 1 END \
             WHERE id = $1 AND ",
            owned!(11, 12, 13)
        )
    };
}

/// How each backend appends an action and updates its game in one statement.
pub(super) struct Appends {
    /// Appends an action and updates its game in one statement, one round trip to the database:
    /// `$1`–`$6` the action (`$6` its time, also the game's `updated_at`), `$7`–`$9` the game's
    /// status, due time and board, `$10` a snapshot after the action (NULL: keep the stored
    /// one), then the shards as in `owned!`. The action is inserted only if the game is updated.
    pub(super) played: &'static str,
    /// The rows `played` changes when the game was updated.
    pub(super) rows: u64,
    /// `played` as a whole transaction of its own, for an append alone in its batch (the usual
    /// case unless clicks overlap): one round trip instead of three with BEGIN and COMMIT,
    /// answering with the game rows it updated (0: it wrote nothing).
    pub(super) alone: &'static str,
}

/// SQLite runs the statements of one query in turn (the changes of both are counted); an append
/// alone carries its BEGIN and COMMIT in that query, and `changes()` reads the update's rows
/// (sqlx's sum would also count BEGIN and COMMIT, which repeat the last statement's changes).
const SQLITE_APPENDS: Appends = Appends {
    played: concat!(insert_played!(), "; ", update_played!()),
    rows: 2,
    alone: concat!(
        "BEGIN IMMEDIATE; ",
        insert_played!(),
        "; ",
        update_played!(),
        "; SELECT changes(); COMMIT"
    ),
};
/// PostgreSQL prepares one statement per query: the insert rides in a `WITH`, which runs
/// whether or not the update reads it (only the update's rows are counted). One statement is
/// one transaction by itself.
const POSTGRES_APPENDS: Appends = Appends {
    played: concat!("WITH appended AS (", insert_played!(), ") ", update_played!()),
    rows: 1,
    alone: concat!(
        "WITH appended AS (",
        insert_played!(),
        "), updated AS (",
        update_played!(),
        " RETURNING 1) SELECT count(*) FROM updated"
    ),
};

impl Appends {
    pub(super) fn of(backend: &Backend) -> &'static Appends {
        match backend {
            Backend::Sqlite(_) => &SQLITE_APPENDS,
            Backend::Postgres(_) => &POSTGRES_APPENDS,
        }
    }
}

/// Refuses a write whose `UPDATE games … AND owned!(…)` touched no row: returns why, asking on
/// the write's own connection or transaction (`$conn`, dropped and so rolled back by the
/// caller) whether the game is missing or another process's. A macro because a generic async
/// function over sqlx's executors is not provably `Send` inside the writer's spawned task.
macro_rules! refuse_unowned {
    ($conn:expr, $game:expr, $shards:expr) => {{
        let exists: Option<i64> = sqlx::query_scalar("SELECT id FROM games WHERE id = $1")
            .bind($game.get())
            .fetch_optional($conn)
            .await?;
        return Err(match exists {
            Some(_) => StoreError::OtherShard {
                game: $game,
                shards: $shards,
            },
            None => StoreError::Invalid(format!("game {} does not exist", $game)),
        });
    }};
}

/// Binds an append's parameters as `Appends::played` numbers them, then the shards.
macro_rules! bind_append {
    ($query:expr, $store:expr, $game:expr, $seq:expr, $seat:expr, $action:expr, $played:expr) => {
        bind_shards!(
            $query
                .bind($game.get())
                .bind($seq)
                .bind($seat)
                .bind(&$action.action)
                .bind(&$action.dice)
                .bind($played.at)
                .bind($played.status.as_str())
                .bind($played.due_at)
                .bind(
                    $played
                        .board
                        .map(|m| $crate::store::sql::snowflake_to_db(m.get()))
                )
                .bind($played.snapshot.as_deref()),
            $store.shards
        )
    };
}

/// `update_game`'s columns, owned, as `UPDATE_GAME_OWNED` takes them.
pub(super) struct GameUpdate {
    pub(super) game: GameId,
    pub(super) status: &'static str,
    pub(super) seats: String,
    pub(super) setup_dice: Vec<u8>,
    pub(super) options: String,
    pub(super) board_message_id: Option<i64>,
    pub(super) updated_at: i64,
    pub(super) due_at: Option<i64>,
    /// A game moves into its own thread when it starts.
    pub(super) channel_id: i64,
}

impl GameUpdate {
    pub(super) fn new(row: &GameRow, due_at: Option<i64>) -> GameUpdate {
        let c = GameColumns::new(row);
        GameUpdate {
            game: row.id,
            status: c.status,
            seats: c.seats,
            setup_dice: c.setup_dice.to_vec(),
            options: c.options,
            board_message_id: c.board_message_id,
            updated_at: c.updated_at,
            due_at,
            channel_id: c.channel_id,
        }
    }
}

/// Binds a [`GameUpdate`] as `UPDATE_GAME_OWNED` numbers it, then the shards.
macro_rules! bind_update {
    ($query:expr, $store:expr, $update:expr) => {
        bind_shards!(
            $query
                .bind($update.status)
                .bind(&$update.seats)
                .bind(&$update.setup_dice)
                .bind(&$update.options)
                .bind($update.board_message_id)
                .bind($update.updated_at)
                .bind($update.due_at)
                .bind($update.game.get())
                .bind($update.channel_id),
            $store.shards
        )
    };
}

/// A new game is due at once (`due_at` = its creation): until its writer sets the real time, the
/// timer looks at it once rather than never, so a crash right after the insert loses no expiry.
const INSERT_GAME: &str = "INSERT INTO games (kind, guild_id, channel_id, host_id, status, options, seats, \
     setup_dice, board_message_id, created_at, updated_at, due_at) \
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $10) RETURNING id";

/// Binds a `GameColumns` to `INSERT_GAME`'s parameters.
macro_rules! bind_game {
    ($query:expr, $c:expr) => {
        $query
            .bind(&$c.kind)
            .bind($c.guild_id)
            .bind($c.channel_id)
            .bind($c.host_id)
            .bind($c.status)
            .bind(&$c.options)
            .bind(&$c.seats)
            .bind(&$c.setup_dice)
            .bind($c.board_message_id)
            .bind($c.created_at)
            .bind($c.updated_at)
    };
}

/// A finishing action, which its transaction writes with the game's results.
const INSERT_ACTION: &str =
    "INSERT INTO actions (game_id, seq, seat, action, dice, at) VALUES ($1, $2, $3, $4, $5, $6)";

const SELECT_ACTIVE_GAMES: &str = concat!(
    "SELECT ",
    game_columns!(),
    " FROM games WHERE status IN ('lobby', 'playing') AND quarantined IS NULL AND ",
    owned!(1, 2, 3),
    " ORDER BY id"
);
/// Unordered: `Logs` orders each game's actions, sparing the database a sort of every row.
const SELECT_ACTIVE_ACTIONS: &str = concat!(
    "SELECT a.game_id, a.seq, a.seat, a.action, a.dice \
     FROM actions a JOIN games g ON g.id = a.game_id \
     WHERE g.status IN ('lobby', 'playing') AND g.quarantined IS NULL AND ",
    owned!(1, 2, 3)
);
/// A final action's change to its game, only if the game is this process's (see `refuse_unowned!`).
/// An ended game's `due_at` no longer matters: the due index holds unfinished games only.
const UPDATE_STATUS_OWNED: &str = concat!(
    "UPDATE games SET status = $1, updated_at = $2 WHERE id = $3 AND ",
    owned!(4, 5, 6)
);
/// `update_game`'s change to a game.
pub(super) const UPDATE_GAME_OWNED: &str = concat!(
    "UPDATE games SET status = $1, seats = $2, setup_dice = $3, options = $4, \
     board_message_id = $5, updated_at = $6, due_at = $7, channel_id = $9 WHERE id = $8 AND ",
    owned!(10, 11, 12)
);
/// This process's unfinished games, for the index kept in memory.
const SELECT_INDEX: &str = concat!(
    "SELECT id, channel_id, kind FROM games WHERE status IN ('lobby', 'playing') AND quarantined IS NULL AND ",
    owned!(1, 2, 3),
    " ORDER BY id"
);
/// Unfinished games due by `$1`, a page at a time after game `$2` (the partial index `games_due`).
const SELECT_DUE: &str = concat!(
    "SELECT id, due_at FROM games WHERE status IN ('lobby', 'playing') AND due_at <= $1 AND id > $2 \
     AND quarantined IS NULL AND ",
    owned!(3, 4, 5),
    " ORDER BY id LIMIT $6"
);
const SELECT_NEXT_DUE: &str = concat!(
    "SELECT MIN(due_at) FROM games WHERE status IN ('lobby', 'playing') AND quarantined IS NULL AND ",
    owned!(1, 2, 3)
);
/// Games whose status this build does not know (written by a newer one?), which would otherwise
/// vanish without a word. Written as the gaps between the known statuses so that both backends
/// answer from range seeks on the status index instead of scanning every finished game.
const SELECT_UNKNOWN_STATUSES: &str = "SELECT id, status FROM games \
     WHERE status < 'abandoned' OR (status > 'abandoned' AND status < 'finished') \
     OR (status > 'finished' AND status < 'lobby') OR (status > 'lobby' AND status < 'playing') \
     OR status > 'playing' ORDER BY id";
/// A game's row and its snapshot, whose actions are then read from `snapshot_seq` on.
const SELECT_LIVE_GAME: &str = concat!(
    "SELECT ",
    game_columns!(),
    ", snapshot, snapshot_seq FROM games WHERE id = $1"
);
/// A game's row without its snapshot (not read: it may be large), so its whole log is read.
const SELECT_GAME: &str = concat!(
    "SELECT ",
    game_columns!(),
    ", CAST(NULL AS TEXT) AS snapshot, CAST(NULL AS BIGINT) AS snapshot_seq FROM games WHERE id = $1"
);
/// A game's actions from sequence number `$2` on.
const SELECT_GAME_ACTIONS: &str =
    "SELECT game_id, seq, seat, action, dice FROM actions WHERE game_id = $1 AND seq >= $2";

/// The start of `import`'s multi-row insert of actions.
const INSERT_ACTIONS: &str = "INSERT INTO actions (game_id, seq, seat, action, dice, at) ";
/// `set_due`'s change: only while the game is still due when the caller saw it.
const UPDATE_DUE: &str = concat!(
    "UPDATE games SET due_at = $1 WHERE id = $2 AND due_at = $3 AND ",
    owned!(4, 5, 6)
);
/// `reschedule`'s change: no later than `$1` seconds after the last action, unless due sooner
/// already (a game with its own clock).
const RESCHEDULE: &str = concat!(
    "UPDATE games SET due_at = CASE \
     WHEN due_at IS NOT NULL AND due_at <= updated_at THEN due_at \
     WHEN due_at IS NOT NULL AND due_at < updated_at + $1 THEN due_at \
     ELSE updated_at + $1 END \
     WHERE status = 'playing' AND quarantined IS NULL AND ($2 IS NULL OR guild_id = $2) AND ",
    owned!(3, 4, 5)
);
/// Sets an unfinished game whose record does not rebuild aside (`$1` says why): out of the
/// index and the due games from now on, its rows kept as they are for whoever looks into it.
const QUARANTINE: &str = concat!(
    "UPDATE games SET quarantined = $1, due_at = NULL \
     WHERE id = $2 AND status IN ('lobby', 'playing') AND ",
    owned!(3, 4, 5)
);
/// A snapshot rebuilt from the log (`$1`, covering `$2` actions) over one that no longer loads
/// (covering `$4`), unless an append replaced that one meanwhile.
const REPLACE_SNAPSHOT: &str = concat!(
    "UPDATE games SET snapshot = $1, snapshot_seq = $2 \
     WHERE id = $3 AND snapshot_seq = $4 AND status = 'playing' AND ",
    owned!(5, 6, 7)
);
/// This process's unfinished games set aside (the partial index `games_quarantined`).
const SELECT_QUARANTINED: &str = concat!(
    "SELECT id FROM games WHERE quarantined IS NOT NULL AND status IN ('lobby', 'playing') AND ",
    owned!(1, 2, 3),
    " ORDER BY id"
);
/// Rows per multi-row INSERT in `import`: 6 parameters each stays far below both backends' limits.
const IMPORT_CHUNK: usize = 1000;

/// Explains a failed action insert: a taken sequence number is the expected race, not a fault.
pub(super) fn append_error(e: sqlx::Error, game: GameId, seq: i64) -> StoreError {
    match e.as_database_error() {
        Some(db) if db.is_unique_violation() => StoreError::Conflict { game, seq },
        Some(db) if db.is_foreign_key_violation() => {
            StoreError::Invalid(format!("game {game} does not exist"))
        }
        _ => e.into(),
    }
}

impl Store {
    /// Inserts a new game (id in `row` ignored); returns its id.
    pub async fn insert_game(&self, row: &GameRow) -> Result<GameId, StoreError> {
        if !self.shards.owns(row.guild_id) {
            return Err(StoreError::OtherShard {
                game: row.id,
                shards: self.shards,
            });
        }
        let columns = GameColumns::new(row);
        let _turn = self.write_turn().await;
        let id = with_pool!(self, |pool| {
            bind_game!(sqlx::query_scalar::<_, i64>(INSERT_GAME), columns)
                .fetch_one(pool)
                .await?
        });
        Ok(GameId(id))
    }

    /// Every game of this process's shards in Lobby or Playing, with its log in order. A row that cannot be decoded is
    /// logged (with its id) and skipped; the rest still load.
    pub async fn load_active(&self) -> Result<Vec<StoredGame>, StoreError> {
        // One snapshot: a game cannot change status between reading the games and their actions.
        let (unknown, records, mut logs) = with_pool!(self, |pool, dialect| {
            let mut tx = pool.begin_with(dialect.begin_snapshot).await?;
            let unknown: Vec<(i64, String)> = sqlx::query_as(SELECT_UNKNOWN_STATUSES)
                .fetch_all(&mut *tx)
                .await?;
            let records: Vec<GameRecord> = bind_shards!(sqlx::query_as(SELECT_ACTIVE_GAMES), self.shards)
                .fetch_all(&mut *tx)
                .await?;
            let mut logs = Logs::default();
            let mut actions = bind_shards!(
                sqlx::query_as::<_, ActionRecord>(SELECT_ACTIVE_ACTIONS),
                self.shards
            )
            .fetch(&mut *tx);
            while let Some(record) = actions.try_next().await? {
                logs.push(record);
            }
            drop(actions);
            tx.commit().await?;
            (unknown, records, logs)
        });
        for (id, status) in unknown {
            tracing::warn!(game = id, "skipping stored game {id}: unknown status {status:?}");
        }
        Ok(records
            .into_iter()
            .filter_map(|record| {
                let id = record.id;
                stored_game(record, &mut logs)
                    .inspect_err(|why| tracing::warn!(game = id, "skipping stored game {id}: {why}"))
                    .ok()
            })
            .collect())
    }

    /// This process's unfinished games (lobbies and games in play) as (game, channel): what
    /// start-up keeps in memory instead of the games themselves. Games with a status this build
    /// does not know are named in the log.
    pub async fn load_index(&self) -> Result<Vec<Indexed>, StoreError> {
        let (unknown, index) = with_pool!(self, |pool| {
            let unknown: Vec<(i64, String)> = sqlx::query_as(SELECT_UNKNOWN_STATUSES).fetch_all(pool).await?;
            let index: Vec<(i64, i64, String)> = bind_shards!(sqlx::query_as(SELECT_INDEX), self.shards)
                .fetch_all(pool)
                .await?;
            (unknown, index)
        });
        for (id, status) in unknown {
            tracing::warn!(game = id, "skipping stored game {id}: unknown status {status:?}");
        }
        Ok(index
            .into_iter()
            .map(|(id, channel, kind)| Indexed {
                id: GameId(id),
                channel: ChannelId(snowflake_from_db(channel)),
                kind,
            })
            .collect())
    }

    /// Up to `limit` unfinished games of this process due by `at` (unix seconds), with ids above
    /// `after`, in id order, each with its due time: a caller pages through them without seeing
    /// one twice.
    pub async fn due_games(
        &self,
        at: i64,
        after: GameId,
        limit: usize,
    ) -> Result<Vec<(GameId, i64)>, StoreError> {
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        let due: Vec<(i64, i64)> = with_pool!(self, |pool| {
            let query = sqlx::query_as(SELECT_DUE).bind(at).bind(after.get());
            bind_shards!(query, self.shards)
                .bind(limit)
                .fetch_all(pool)
                .await?
        });
        Ok(due.into_iter().map(|(id, at)| (GameId(id), at)).collect())
    }

    /// Sets an unfinished game of this process aside for good, with `why` (its record does not
    /// rebuild): it leaves the index and the due games, and its rows stay as they are.
    pub async fn quarantine(&self, id: GameId, why: &str) -> Result<(), StoreError> {
        let _turn = self.write_turn().await;
        with_pool!(self, |pool| {
            let query = sqlx::query(QUARANTINE).bind(why).bind(id.get());
            bind_shards!(query, self.shards).execute(pool).await?;
        });
        Ok(())
    }

    /// Replaces a game's snapshot that no longer loads (it covered `was` actions; another
    /// version of the state) with `state`, covering `covers` actions, so later loads need not
    /// replay the whole log; nothing if an append wrote a newer snapshot meanwhile.
    pub async fn replace_snapshot(
        &self,
        id: GameId,
        state: &str,
        covers: i64,
        was: i64,
    ) -> Result<(), StoreError> {
        let _turn = self.write_turn().await;
        with_pool!(self, |pool| {
            let query = sqlx::query(REPLACE_SNAPSHOT)
                .bind(state)
                .bind(covers)
                .bind(id.get())
                .bind(was);
            bind_shards!(query, self.shards).execute(pool).await?;
        });
        Ok(())
    }

    /// This process's unfinished games that were set aside ([`Store::quarantine`]).
    pub async fn load_quarantined(&self) -> Result<Vec<GameId>, StoreError> {
        let ids: Vec<i64> = with_pool!(self, |pool| {
            bind_shards!(sqlx::query_scalar(SELECT_QUARANTINED), self.shards)
                .fetch_all(pool)
                .await?
        });
        Ok(ids.into_iter().map(GameId).collect())
    }

    /// When this process's next unfinished game is due, if any is.
    pub async fn next_due(&self) -> Result<Option<i64>, StoreError> {
        Ok(with_pool!(self, |pool| {
            bind_shards!(sqlx::query_scalar(SELECT_NEXT_DUE), self.shards)
                .fetch_one(pool)
                .await?
        }))
    }

    /// Sets when games are next due, in one transaction: each (game, was, next) only if the game
    /// is still due at `was` — a write since then (a click) stored a newer time, which stands.
    /// A game of another shard is left alone.
    pub async fn set_due(&self, due: &[(GameId, i64, Option<i64>)]) -> Result<(), StoreError> {
        if due.is_empty() {
            return Ok(());
        }
        let _turn = self.write_turn().await;
        with_pool!(self, |pool, dialect| {
            let mut tx = pool.begin_with(dialect.begin_write).await?;
            for (game, was, next) in due {
                let query = sqlx::query(UPDATE_DUE).bind(*next).bind(game.get()).bind(*was);
                bind_shards!(query, self.shards).execute(&mut *tx).await?;
            }
            tx.commit().await?;
        });
        Ok(())
    }

    /// After turn timers changed — a server's (`Some(guild)`) or the configured defaults
    /// (`None`: every game of this process) — each game in play becomes due no later than
    /// `soonest` seconds after its last action (`None`: the timers are off), so a game not in
    /// memory is looked at under the new timers and rescheduled then. Games already due (a bot
    /// to move, a board to post) stay so.
    pub async fn reschedule(&self, guild: Option<GuildId>, soonest: Option<i64>) -> Result<(), StoreError> {
        let guild = guild.map(|g| snowflake_to_db(g.get()));
        let _turn = self.write_turn().await;
        with_pool!(self, |pool| {
            let query = sqlx::query(RESCHEDULE).bind(soonest).bind(guild);
            bind_shards!(query, self.shards).execute(pool).await?;
        });
        Ok(())
    }

    /// One game with its whole log (any status): for what reads every action (replays,
    /// reviews, exports, results). A game to play on loads with [`Store::load_live`].
    pub async fn load_game(&self, id: GameId) -> Result<Option<StoredGame>, StoreError> {
        let Some((record, log)) = self.load_record(id, SELECT_GAME).await? else {
            return Ok(None);
        };
        let stored = record
            .game
            .decode()
            .and_then(|row| Ok(StoredGame { row, log: log? }));
        stored
            .map(Some)
            .map_err(|why| StoreError::Invalid(format!("game {id}: {why}")))
    }

    /// One game to play on (any status): its latest snapshot and the actions after it, so a
    /// long game is not replayed from its start.
    pub async fn load_live(&self, id: GameId) -> Result<Option<LiveGame>, StoreError> {
        let Some((record, tail)) = self.load_record(id, SELECT_LIVE_GAME).await? else {
            return Ok(None);
        };
        let live = record.game.decode().and_then(|row| {
            let snapshot = live_snapshot(record.snapshot, record.snapshot_seq)?;
            Ok(LiveGame {
                row,
                snapshot,
                tail: tail?,
            })
        });
        live.map(Some)
            .map_err(|why| StoreError::Invalid(format!("game {id}: {why}")))
    }

    /// A game's row as `select` reads it ([`SELECT_GAME`] or [`SELECT_LIVE_GAME`]) and the
    /// actions its snapshot does not cover (all without one), read in one snapshot of the
    /// database.
    async fn load_record(
        &self,
        id: GameId,
        select: &'static str,
    ) -> Result<Option<(LiveRecord, Result<Vec<LoggedAction>, String>)>, StoreError> {
        let loaded = with_pool!(self, |pool, dialect| {
            let mut tx = pool.begin_with(dialect.begin_snapshot).await?;
            let record: Option<LiveRecord> = sqlx::query_as(select)
                .bind(id.get())
                .fetch_optional(&mut *tx)
                .await?;
            let loaded = match record {
                Some(record) => {
                    let first = match (&record.snapshot, record.snapshot_seq) {
                        (Some(_), Some(seq)) => seq,
                        _ => 0,
                    };
                    let mut logs = Logs::default();
                    let mut actions = sqlx::query_as::<_, ActionRecord>(SELECT_GAME_ACTIONS)
                        .bind(id.get())
                        .bind(first)
                        .fetch(&mut *tx);
                    while let Some(action) = actions.try_next().await? {
                        logs.push(action);
                    }
                    drop(actions);
                    Some((record, logs.take(id.get(), first)))
                }
                None => None,
            };
            tx.commit().await?;
            loaded
        });
        Ok(loaded)
    }

    /// Copies whole games with their logs in one transaction, e.g. from SQLite into PostgreSQL
    /// when moving to several processes. Ids are assigned afresh and returned in order; each
    /// action's time is its game's `updated_at`, since `LoggedAction` does not carry one.
    pub async fn import(&self, games: &[StoredGame]) -> Result<Vec<GameId>, StoreError> {
        let _turn = self.write_turn().await;
        let mut tx = Tx::begin_write(&self.backend).await?;
        let mut ids = Vec::with_capacity(games.len());
        for game in games {
            ids.push(tx.insert_game(&game.row).await?);
        }
        for chunk in action_rows(games, &ids)?.chunks(IMPORT_CHUNK) {
            tx.insert_actions(chunk).await?;
        }
        tx.commit().await?;
        Ok(ids)
    }
}

impl Tx {
    /// Inserts a new game (id in `row` ignored) in this transaction; returns its id.
    pub(super) async fn insert_game(&mut self, row: &GameRow) -> Result<GameId, StoreError> {
        let columns = GameColumns::new(row);
        let id = with_tx!(self, |conn| {
            bind_game!(sqlx::query_scalar::<_, i64>(INSERT_GAME), columns)
                .fetch_one(conn)
                .await?
        });
        Ok(GameId(id))
    }

    /// Inserts imported actions in one multi-row statement.
    async fn insert_actions(&mut self, rows: &[ActionRow<'_>]) -> Result<(), StoreError> {
        with_tx!(self, |conn| {
            let mut insert = sqlx::QueryBuilder::new(INSERT_ACTIONS);
            insert.push_values(rows, |mut values, row| {
                values
                    .push_bind(row.game_id.get())
                    .push_bind(row.seq)
                    .push_bind(row.seat)
                    .push_bind(&row.action.action)
                    .push_bind(&row.action.dice)
                    .push_bind(row.at);
            });
            insert.build().execute(conn).await?;
        });
        Ok(())
    }

    /// Appends action `seq`, a game's last, and marks the game finished at `now`, if it is one
    /// of `shards`' games (else the refusal). `Conflict` if `seq` is taken.
    pub(super) async fn append_final(
        &mut self,
        game: GameId,
        seq: i64,
        action: &LoggedAction,
        now: i64,
        shards: ShardRange,
    ) -> Result<(), StoreError> {
        let seat = seat_to_db(action.seat)?;
        with_tx!(self, |conn| {
            sqlx::query(INSERT_ACTION)
                .bind(game.get())
                .bind(seq)
                .bind(seat)
                .bind(&action.action)
                .bind(&action.dice)
                .bind(now)
                .execute(&mut *conn)
                .await
                .map_err(|e| append_error(e, game, seq))?;
            let query = sqlx::query(UPDATE_STATUS_OWNED)
                .bind(Status::Finished.as_str())
                .bind(now)
                .bind(game.get());
            let done = bind_shards!(query, shards).execute(&mut *conn).await?;
            if done.rows_affected() == 0 {
                refuse_unowned!(conn, game, shards);
            }
        });
        Ok(())
    }
}

/// An action of an imported game, ready to bind.
struct ActionRow<'a> {
    game_id: GameId,
    seq: i64,
    seat: i64,
    action: &'a LoggedAction,
    at: i64,
}

fn action_rows<'a>(games: &'a [StoredGame], ids: &[GameId]) -> Result<Vec<ActionRow<'a>>, StoreError> {
    let mut rows = Vec::new();
    for (game, &game_id) in games.iter().zip(ids) {
        for (seq, action) in (0..).zip(&game.log) {
            let seat = seat_to_db(action.seat)?;
            rows.push(ActionRow {
                game_id,
                seq,
                seat,
                action,
                at: game.row.updated_at,
            });
        }
    }
    Ok(rows)
}

//! Moving a deployment: `saikoro migrate` copies a SQLite database into PostgreSQL, and
//! `saikoro backup` makes a consistent copy of a live SQLite database.
//!
//! The copy is generic over the schema: it copies every table the target has (both are brought to
//! this build's migrations first), reading each row of SQLite in rowid order and binding each
//! value as the PostgreSQL column's type. Each batch is one transaction that also records how far
//! the table got in a `saikoro_copy` table of the target, so a copy stopped anywhere resumes after
//! its last committed batch. At the end each table's row count and an order-free checksum of its
//! rows are compared on both sides, and the progress table goes.

use super::{Store, StoreError, sql::Backend};
use futures_util::TryStreamExt;
use sqlx::postgres::PgArguments;
use sqlx::query::Query;
use sqlx::sqlite::{SqliteConnectOptions, SqliteRow};
use sqlx::{Connection, PgPool, Postgres, Row, SqlitePool};
use std::hash::{DefaultHasher, Hash, Hasher};
use std::path::Path;
use std::str::FromStr;

/// The target's record of a copy under way: the key of the last row copied, per table.
const PROGRESS: &str = "saikoro_copy";
/// PostgreSQL takes at most 65,535 parameters in one statement.
const MAX_PARAMETERS: usize = 65_535;

#[derive(Debug, thiserror::Error)]
pub enum CopyError {
    #[error("{0}")]
    Store(#[from] StoreError),
    #[error("database error: {0}")]
    Db(#[from] sqlx::Error),
    #[error("the source must be a SQLite database (sqlite:…), not {0}")]
    SourceNotSqlite(String),
    #[error("the target must be a PostgreSQL database (postgres://…)")]
    TargetNotPostgres,
    #[error("there is no database at {0}: nothing to copy")]
    NoSource(String),
    #[error(
        "the target already holds {rows} rows in `{table}`: copy into an empty database, or pass \
         --force to add to it (rows already there are kept)"
    )]
    TargetNotEmpty { table: String, rows: i64 },
    #[error("column `{table}.{column}` has type {kind}, which the copy does not know")]
    UnknownType {
        table: String,
        column: String,
        kind: String,
    },
    #[error("table `{0}` has no primary key to copy it by")]
    NoPrimaryKey(String),
    #[error("{0} exists already: choose a new file")]
    BackupExists(String),
    #[error(
        "backups of PostgreSQL are made with its own tools, e.g. `pg_dump --format=custom \
         --file saikoro.dump \"$DATABASE_URL\"` (restore with pg_restore)"
    )]
    PostgresBackup,
}

/// What the caller shows while the copy runs.
pub trait Progress {
    /// A table starts: `total` rows in the source, `done` of them already copied before.
    fn table(&self, name: &str, total: u64, done: u64);
    /// `rows` more rows of the current table are copied.
    fn rows(&self, rows: u64);
}

/// What a copy did: whether it resumed an interrupted one, and each table compared.
#[derive(Debug)]
pub struct Copied {
    pub resumed: bool,
    pub checked: Vec<Checked>,
}

/// One table compared after the copy.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checked {
    pub table: String,
    pub source_rows: u64,
    pub target_rows: u64,
    pub source_sum: u64,
    pub target_sum: u64,
}

impl Checked {
    pub fn matches(&self) -> bool {
        self.source_rows == self.target_rows && self.source_sum == self.target_sum
    }
}

/// A table of the target: its columns, and the positions among them of its primary key, by
/// which the source is read in pages.
struct Table {
    name: String,
    columns: Vec<Column>,
    key: Vec<usize>,
}

/// A column of the target and the type its values are read and bound as.
struct Column {
    name: String,
    kind: Kind,
}

#[derive(Clone, Copy)]
enum Kind {
    Int,
    Bool,
    Float,
    Text,
    Bytes,
}

/// One value, typed as the target column: both sides read into this, so the checksums compare
/// what the rows mean rather than how each backend spells it.
#[derive(Debug)]
enum Value {
    Null,
    Int(i64),
    Bool(bool),
    Float(f64),
    Text(String),
    Bytes(Vec<u8>),
}

impl Hash for Value {
    fn hash<H: Hasher>(&self, h: &mut H) {
        std::mem::discriminant(self).hash(h);
        match self {
            Value::Null => {}
            Value::Int(v) => v.hash(h),
            Value::Bool(v) => v.hash(h),
            Value::Float(v) => v.to_bits().hash(h),
            Value::Text(v) => v.hash(h),
            Value::Bytes(v) => v.hash(h),
        }
    }
}

/// Copies every table of the SQLite database at `from` into the PostgreSQL database at `to`,
/// then compares them. A target with rows is refused unless `force`, or unless it holds an
/// unfinished copy, which is resumed.
pub async fn migrate(
    from: &str,
    to: &str,
    batch: usize,
    force: bool,
    progress: &(dyn Progress + Sync),
) -> Result<Copied, CopyError> {
    let source = open_source(from).await?;
    if !(to.starts_with("postgres://") || to.starts_with("postgresql://")) {
        return Err(CopyError::TargetNotPostgres);
    }
    let target = Store::connect(to).await?;
    let (Backend::Sqlite(source), Backend::Postgres(target)) = (&source.backend, &target.backend) else {
        unreachable!("the URLs were checked above");
    };
    let resumed = progress_exists(target).await?;
    let tables = tables(target).await?;
    if !resumed && !force {
        refuse_non_empty(target, &tables).await?;
    }
    sqlx::query(&format!(
        "CREATE TABLE IF NOT EXISTS {PROGRESS} (name TEXT PRIMARY KEY, last_key TEXT NOT NULL)"
    ))
    .execute(target)
    .await?;
    for table in &tables {
        copy_table(source, target, table, batch, progress).await?;
    }
    advance_sequences(target).await?;
    let mut checked = vec![];
    for table in &tables {
        checked.push(compare(source, target, table).await?);
    }
    if checked.iter().all(Checked::matches) {
        sqlx::query(&format!("DROP TABLE {PROGRESS}"))
            .execute(target)
            .await?;
    }
    Ok(Copied { resumed, checked })
}

/// A consistent copy of the live SQLite database at `url` in the new file `out` (`VACUUM INTO`
/// reads in one transaction, so writers carry on and the copy is of one moment).
pub async fn backup(url: &str, out: &Path) -> Result<(), CopyError> {
    if url.starts_with("postgres://") || url.starts_with("postgresql://") {
        return Err(CopyError::PostgresBackup);
    }
    if out.exists() {
        return Err(CopyError::BackupExists(out.display().to_string()));
    }
    let options = sqlite_options(url)?;
    let mut conn = sqlx::SqliteConnection::connect_with(&options).await?;
    sqlx::query("VACUUM INTO ?")
        .bind(out.to_string_lossy().into_owned())
        .execute(&mut conn)
        .await?;
    conn.close().await?;
    Ok(())
}

/// The source store, migrated to this build's schema; never created where there is none.
async fn open_source(from: &str) -> Result<Store, CopyError> {
    if !from.starts_with("sqlite:") {
        return Err(CopyError::SourceNotSqlite(crate::redact::redact(from)));
    }
    sqlite_options(from)?;
    Ok(Store::connect(from).await?)
}

/// Options for an existing SQLite file, refusing a path with no database.
fn sqlite_options(url: &str) -> Result<SqliteConnectOptions, CopyError> {
    let options = SqliteConnectOptions::from_str(url)?.create_if_missing(false);
    let path = options.get_filename();
    if !path.exists() {
        return Err(CopyError::NoSource(path.display().to_string()));
    }
    Ok(options)
}

async fn progress_exists(target: &PgPool) -> Result<bool, CopyError> {
    let found: Option<String> = sqlx::query_scalar("SELECT to_regclass($1)::text")
        .bind(PROGRESS)
        .fetch_one(target)
        .await?;
    Ok(found.is_some())
}

/// The target's tables with their columns and keys, `games` first since others refer to it.
async fn tables(target: &PgPool) -> Result<Vec<Table>, CopyError> {
    let names: Vec<String> = sqlx::query_scalar(
        "SELECT table_name::text FROM information_schema.tables WHERE table_schema = \
         current_schema() AND table_type = 'BASE TABLE' AND table_name NOT LIKE '\\_sqlx%' \
         AND table_name <> $1 ORDER BY table_name <> 'games', table_name",
    )
    .bind(PROGRESS)
    .fetch_all(target)
    .await?;
    let mut tables = vec![];
    for name in names {
        let rows: Vec<(String, String)> = sqlx::query_as(
            "SELECT column_name::text, data_type::text FROM information_schema.columns WHERE \
             table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position",
        )
        .bind(&name)
        .fetch_all(target)
        .await?;
        let columns: Vec<Column> = rows
            .into_iter()
            .map(|(column_name, kind)| column(&name, column_name, &kind))
            .collect::<Result<_, _>>()?;
        let key_names: Vec<String> = sqlx::query_scalar(
            "SELECT a.attname::text FROM pg_index i JOIN pg_attribute a ON a.attrelid = \
             i.indrelid AND a.attnum = ANY(i.indkey) WHERE i.indrelid = $1::regclass AND \
             i.indisprimary ORDER BY array_position(i.indkey::int2[], a.attnum)",
        )
        .bind(&name)
        .fetch_all(target)
        .await?;
        let key: Vec<usize> = key_names
            .iter()
            .filter_map(|k| columns.iter().position(|c| &c.name == k))
            .collect();
        if key.is_empty() || key.len() != key_names.len() {
            return Err(CopyError::NoPrimaryKey(name));
        }
        tables.push(Table { name, columns, key });
    }
    Ok(tables)
}

fn column(table: &str, name: String, kind: &str) -> Result<Column, CopyError> {
    let kind = match kind {
        "bigint" | "integer" | "smallint" => Kind::Int,
        "boolean" => Kind::Bool,
        "double precision" | "real" => Kind::Float,
        "text" | "character varying" => Kind::Text,
        "bytea" => Kind::Bytes,
        other => {
            return Err(CopyError::UnknownType {
                table: table.to_owned(),
                column: name,
                kind: other.to_owned(),
            });
        }
    };
    Ok(Column { name, kind })
}

async fn refuse_non_empty(target: &PgPool, tables: &[Table]) -> Result<(), CopyError> {
    for table in tables {
        let rows: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) FROM {}", table.name))
            .fetch_one(target)
            .await?;
        if rows > 0 {
            return Err(CopyError::TargetNotEmpty {
                table: table.name.clone(),
                rows,
            });
        }
    }
    Ok(())
}

impl Table {
    fn names(&self) -> Vec<&str> {
        self.columns.iter().map(|c| c.name.as_str()).collect()
    }

    /// `(k1, k2) > (?, ?)` (or `<=`) over the primary key, in SQLite's placeholders.
    fn after(&self, op: &str) -> String {
        let key: Vec<&str> = self.key.iter().map(|&k| self.columns[k].name.as_str()).collect();
        let marks = vec!["?"; key.len()].join(", ");
        format!("({}) {op} ({marks})", key.join(", "))
    }

    fn order(&self) -> String {
        let key: Vec<&str> = self.key.iter().map(|&k| self.columns[k].name.as_str()).collect();
        key.join(", ")
    }
}

/// The key of the last copied row, as the progress table keeps it (a JSON array).
fn key_json(table: &Table, row: &[Value]) -> String {
    let key: Vec<serde_json::Value> = table
        .key
        .iter()
        .map(|&k| match &row[k] {
            Value::Int(v) => (*v).into(),
            Value::Text(v) => v.clone().into(),
            _ => serde_json::Value::Null,
        })
        .collect();
    serde_json::Value::Array(key).to_string()
}

fn bind_key<'q>(
    mut query: Query<'q, sqlx::Sqlite, sqlx::sqlite::SqliteArguments<'q>>,
    key: &[serde_json::Value],
) -> Query<'q, sqlx::Sqlite, sqlx::sqlite::SqliteArguments<'q>> {
    for part in key {
        query = match part {
            serde_json::Value::Number(n) => query.bind(n.as_i64()),
            serde_json::Value::String(s) => query.bind(s.clone()),
            _ => query.bind(None::<i64>),
        };
    }
    query
}

/// Copies one table in pages by primary key, after the last key the target recorded for it.
async fn copy_table(
    source: &SqlitePool,
    target: &PgPool,
    table: &Table,
    batch: usize,
    progress: &(dyn Progress + Sync),
) -> Result<(), CopyError> {
    let recorded: Option<String> =
        sqlx::query_scalar(&format!("SELECT last_key FROM {PROGRESS} WHERE name = $1"))
            .bind(&table.name)
            .fetch_optional(target)
            .await?;
    let mut last: Option<Vec<serde_json::Value>> = recorded.and_then(|k| serde_json::from_str(&k).ok());
    let total: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) FROM {}", table.name))
        .fetch_one(source)
        .await?;
    let done: i64 = match &last {
        None => 0,
        Some(key) => {
            let sql = format!("SELECT COUNT(*) FROM {} WHERE {}", table.name, table.after("<="));
            bind_key(sqlx::query(&sql), key).fetch_one(source).await?.get(0)
        }
    };
    progress.table(&table.name, total.unsigned_abs(), done.unsigned_abs());
    let batch = batch.clamp(1, MAX_PARAMETERS / table.columns.len().max(1));
    let names = table.names();
    let select = |filter: &str| {
        format!(
            "SELECT {} FROM {} {filter} ORDER BY {} LIMIT {batch}",
            names.join(", "),
            table.name,
            table.order()
        )
    };
    let (first, next) = (select(""), select(&format!("WHERE {}", table.after(">"))));
    loop {
        let rows = match &last {
            None => sqlx::query(&first).fetch_all(source).await?,
            Some(key) => bind_key(sqlx::query(&next), key).fetch_all(source).await?,
        };
        let values: Vec<Vec<Value>> = rows.iter().map(|r| read_sqlite(r, &table.columns)).collect();
        let Some(end) = values.last().map(|row| key_json(table, row)) else {
            return Ok(());
        };
        let mut tx = target.begin().await?;
        insert(&mut tx, table, values).await?;
        sqlx::query(&format!(
            "INSERT INTO {PROGRESS} (name, last_key) VALUES ($1, $2) \
             ON CONFLICT (name) DO UPDATE SET last_key = excluded.last_key"
        ))
        .bind(&table.name)
        .bind(&end)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        progress.rows(rows.len() as u64);
        last = serde_json::from_str(&end).ok();
    }
}

/// One multi-row INSERT. Rows the target has already (a trigger wrote them when their game came
/// over, or `--force` into a database that had them) are kept as they are.
async fn insert(
    tx: &mut sqlx::Transaction<'_, Postgres>,
    table: &Table,
    rows: Vec<Vec<Value>>,
) -> Result<(), CopyError> {
    let (names, columns) = (table.names(), &table.columns);
    let width = names.len();
    let tuples: Vec<String> = (0..rows.len())
        .map(|r| {
            let params: Vec<String> = (1..=width).map(|c| format!("${}", r * width + c)).collect();
            format!("({})", params.join(", "))
        })
        .collect();
    let sql = format!(
        "INSERT INTO {} ({}) VALUES {} ON CONFLICT DO NOTHING",
        table.name,
        names.join(", "),
        tuples.join(", ")
    );
    let mut query = sqlx::query(&sql);
    for row in rows {
        for (value, column) in row.into_iter().zip(columns) {
            query = bind(query, value, column.kind);
        }
    }
    query.execute(&mut **tx).await?;
    Ok(())
}

fn bind(
    query: Query<'_, Postgres, PgArguments>,
    value: Value,
    kind: Kind,
) -> Query<'_, Postgres, PgArguments> {
    match value {
        // A NULL of the column's own type: PostgreSQL does not convert a typed parameter.
        Value::Null => match kind {
            Kind::Int => query.bind(None::<i64>),
            Kind::Bool => query.bind(None::<bool>),
            Kind::Float => query.bind(None::<f64>),
            Kind::Text => query.bind(None::<String>),
            Kind::Bytes => query.bind(None::<Vec<u8>>),
        },
        Value::Int(v) => query.bind(v),
        Value::Bool(v) => query.bind(v),
        Value::Float(v) => query.bind(v),
        Value::Text(v) => query.bind(v),
        Value::Bytes(v) => query.bind(v),
    }
}

/// A SQLite row's values read as the target's column types (SQLite keeps booleans as integers
/// and may keep a whole float as an integer).
fn read_sqlite(row: &SqliteRow, columns: &[Column]) -> Vec<Value> {
    columns
        .iter()
        .enumerate()
        .map(|(i, column)| {
            let null = row.try_get_raw(i).is_ok_and(|v| sqlx::ValueRef::is_null(&v));
            if null {
                return Value::Null;
            }
            match column.kind {
                Kind::Int => Value::Int(row.get_unchecked(i)),
                Kind::Bool => Value::Bool(row.get_unchecked::<i64, _>(i) != 0),
                Kind::Float => Value::Float(row.get_unchecked(i)),
                Kind::Text => Value::Text(row.get_unchecked(i)),
                Kind::Bytes => Value::Bytes(row.get_unchecked(i)),
            }
        })
        .collect()
}

fn read_postgres(row: &sqlx::postgres::PgRow, columns: &[Column]) -> Result<Vec<Value>, sqlx::Error> {
    let mut values = vec![];
    for (i, column) in columns.iter().enumerate() {
        let value = match column.kind {
            Kind::Int => row.try_get::<Option<i64>, _>(i)?.map(Value::Int),
            Kind::Bool => row.try_get::<Option<bool>, _>(i)?.map(Value::Bool),
            Kind::Float => row.try_get::<Option<f64>, _>(i)?.map(Value::Float),
            Kind::Text => row.try_get::<Option<String>, _>(i)?.map(Value::Text),
            Kind::Bytes => row.try_get::<Option<Vec<u8>>, _>(i)?.map(Value::Bytes),
        };
        values.push(value.unwrap_or(Value::Null));
    }
    Ok(values)
}

/// New games on the target are numbered after the copied ones.
async fn advance_sequences(target: &PgPool) -> Result<(), CopyError> {
    let serials: Vec<(String, String)> = sqlx::query_as(
        "SELECT table_name::text, column_name::text FROM information_schema.columns WHERE \
         table_schema = current_schema() AND column_default LIKE 'nextval(%'",
    )
    .fetch_all(target)
    .await?;
    for (table, column) in serials {
        sqlx::query(&format!(
            "SELECT setval(pg_get_serial_sequence($1, $2), COALESCE((SELECT MAX({column}) FROM {table}), 0) + 1, false)"
        ))
        .bind(&table)
        .bind(&column)
        .execute(target)
        .await?;
    }
    Ok(())
}

/// Row counts and an order-free checksum (the wrapping sum of each row's hash) on both sides,
/// read as streams so a table of millions of actions is never held whole.
async fn compare(source: &SqlitePool, target: &PgPool, table: &Table) -> Result<Checked, CopyError> {
    let select = format!("SELECT {} FROM {}", table.names().join(", "), table.name);
    let (mut source_rows, mut source_sum) = (0u64, 0u64);
    let mut rows = sqlx::query(&select).fetch(source);
    while let Some(row) = rows.try_next().await? {
        source_rows += 1;
        source_sum = source_sum.wrapping_add(row_hash(&read_sqlite(&row, &table.columns)));
    }
    let (mut target_rows, mut target_sum) = (0u64, 0u64);
    let mut rows = sqlx::query(&select).fetch(target);
    while let Some(row) = rows.try_next().await? {
        target_rows += 1;
        target_sum = target_sum.wrapping_add(row_hash(&read_postgres(&row, &table.columns)?));
    }
    Ok(Checked {
        table: table.name.clone(),
        source_rows,
        target_rows,
        source_sum,
        target_sum,
    })
}

fn row_hash(values: &[Value]) -> u64 {
    let mut h = DefaultHasher::new();
    values.hash(&mut h);
    h.finish()
}

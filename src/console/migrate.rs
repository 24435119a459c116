//! `saikoro migrate` and `saikoro backup` in the terminal: the store does the copying
//! (`store::copy`); this shows its progress and its checks.

use crate::engine::{Msg, Tr};
use crate::redact::redact;
use crate::store::copy::{self, Checked, CopyError, Progress};
use indicatif::{ProgressBar, ProgressStyle};
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct MigrateArgs {
    /// The SQLite database to copy from, e.g. sqlite://saikoro.db.
    #[arg(long, value_name = "URL")]
    pub from: String,
    /// The PostgreSQL database to copy into, e.g. postgres://saikoro@db/saikoro?sslmode=require.
    #[arg(long, value_name = "URL")]
    pub to: String,
    /// Rows per transaction.
    #[arg(long, default_value_t = 1000)]
    pub batch: usize,
    /// Copy into a database that already has rows (rows with the same key are kept as they are).
    #[arg(long)]
    pub force: bool,
}

#[derive(clap::Args)]
pub struct BackupArgs {
    /// The new file to write the copy to.
    #[arg(long)]
    pub out: PathBuf,
    /// The database (default: the configuration's).
    #[arg(long)]
    pub database: Option<String>,
}

/// One bar per table on the terminal's stderr (hidden when it is not a terminal).
struct Bars {
    bar: ProgressBar,
}

impl Progress for Bars {
    fn table(&self, name: &str, total: u64, done: u64) {
        self.bar.set_length(total);
        self.bar.set_position(done);
        self.bar.set_message(name.to_owned());
        self.bar.reset_eta();
    }

    fn rows(&self, rows: u64) {
        self.bar.inc(rows);
    }
}

/// Copies, then prints each table's counts and checksums; an error if any differs.
pub fn migrate(args: &MigrateArgs) -> anyhow::Result<()> {
    let bar = ProgressBar::new(0).with_style(
        ProgressStyle::with_template("{msg:>14} [{bar:32}] {pos}/{len} rows ({eta})")
            .expect("the template is valid")
            .progress_chars("=> "),
    );
    let runtime = tokio::runtime::Runtime::new()?;
    let checked = runtime.block_on(copy::migrate(
        &args.from,
        &args.to,
        args.batch,
        args.force,
        &Bars { bar: bar.clone() },
    ));
    bar.finish_and_clear();
    let copied = checked.map_err(explain)?;
    if copied.resumed {
        println!("Resumed the interrupted copy after its last committed batch.");
    }
    let checked = copied.checked;
    println!("{}", table(&checked));
    let wrong: Vec<&str> = checked
        .iter()
        .filter(|c| !c.matches())
        .map(|c| c.table.as_str())
        .collect();
    if !wrong.is_empty() {
        anyhow::bail!(
            "the copy differs from the source in {}: run the same command again to resume, or \
             look at those tables",
            wrong.join(", ")
        );
    }
    println!("Every table matches. Point database_url at the new database and start saikoro.");
    Ok(())
}

/// A Markdown table of the checks, one row per table.
fn table(checked: &[Checked]) -> String {
    let mut out = String::from("| table | rows in source | rows copied | checksum |\n|---|---|---|---|");
    for c in checked {
        let sum = if c.source_sum == c.target_sum {
            format!("{:016x}", c.source_sum)
        } else {
            format!("{:016x} ≠ {:016x}", c.source_sum, c.target_sum)
        };
        out.push_str(&format!(
            "\n| {} | {} | {} | {sum} |",
            c.table, c.source_rows, c.target_rows
        ));
    }
    out
}

/// `saikoro backup`: a consistent copy of the SQLite database at `url` in the new file `out`.
pub fn backup(url: &str, out: &std::path::Path, tr: &Tr) -> anyhow::Result<()> {
    let runtime = tokio::runtime::Runtime::new()?;
    let file = out.display().to_string();
    runtime.block_on(copy::backup(url, out)).map_err(|e| match e {
        // What a person running a backup meets is said in their language.
        CopyError::NoSource(path) => {
            anyhow::anyhow!(tr.msg(&Msg::new("cli-backup-no-database").arg("path", path)))
        }
        CopyError::BackupExists(_) => {
            anyhow::anyhow!(tr.msg(&Msg::new("cli-backup-exists").arg("file", file.clone())))
        }
        CopyError::PostgresBackup => anyhow::anyhow!(tr.t("cli-backup-postgres")),
        other => explain(other),
    })?;
    println!("{}", tr.msg(&Msg::new("cli-backup-written").arg("file", file)));
    Ok(())
}

/// The error with every URL in it redacted.
fn explain(error: CopyError) -> anyhow::Error {
    anyhow::anyhow!(redact(&error.to_string()))
}

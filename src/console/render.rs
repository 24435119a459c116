//! `saikoro render`'s pictures beyond one board: `--from EXPORT.json --out game.gif` animates a
//! finished game from `saikoro export`'s record (the file the replay's 🎞 button shows), and
//! `--sheet DIR` writes a contact sheet of every game's boards for review.

use super::record::read_record;
use crate::engine::{AnyGame, Locale, Msg, Tr, animation};
use crate::games::GameKind;
use anyhow::{Context, bail};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Instant;

#[derive(clap::Args, Debug, Default)]
pub struct PictureArgs {
    /// Animate a finished game from `saikoro export`'s JSON record (write it with --out game.gif).
    #[arg(long, value_name = "EXPORT.json")]
    pub from: Option<PathBuf>,
    /// Write every game's boards (start, middle, end; 2 and the most players; English and
    /// Japanese; emoji and picture) and an index.html to this directory.
    #[arg(long, value_name = "DIR", conflicts_with = "from")]
    pub sheet: Option<PathBuf>,
}

/// What `--from` or `--sheet` asked for, done; `None` when neither was given.
pub fn run(
    args: &PictureArgs,
    game: Option<&str>,
    out: Option<&Path>,
    locale: Locale,
) -> Option<anyhow::Result<()>> {
    if let Some(dir) = &args.sheet {
        return Some(sheet(dir));
    }
    let from = args.from.as_ref()?;
    Some(animate(from, game, out, locale))
}

fn animate(from: &Path, game: Option<&str>, out: Option<&Path>, locale: Locale) -> anyhow::Result<()> {
    let blank = Tr::new(locale, &[]);
    let Some(out) = out else {
        bail!(blank.t("cli-from-needs-out"))
    };
    let record = read_record(from, &blank).map_err(anyhow::Error::msg)?;
    if let Some(game) = game.filter(|g| *g != record.game) {
        let msg = Msg::new("cli-record-of-other")
            .arg("file", from.display().to_string())
            .arg("recorded", record.game.as_str())
            .arg("game", game);
        bail!(blank.msg(&msg));
    }
    let names: Vec<String> = record.seats.iter().map(|s| s.name.clone()).collect();
    let (_, start) = record.set_up(locale).map_err(anyhow::Error::msg)?;
    let started = Instant::now();
    let tr = Tr::new(locale, &names);
    let gif = animation::animate(start, &record.actions, &tr)
        .map_err(|e| anyhow::anyhow!(record.refusal(&e, locale)))?;
    std::fs::write(out, &gif.png).with_context(|| format!("{}", out.display()))?;
    let written = Msg::new("cli-animation-written")
        .arg("file", out.display().to_string())
        .arg("moves", record.actions.len())
        .arg("kb", gif.png.len() / 1024)
        .arg(
            "ms",
            u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX),
        );
    eprintln!("{}", blank.msg(&written));
    Ok(())
}

/// Names for the sheet's players, in the sheet's language: Japanese names on Japanese boards.
fn names(locale: Locale, players: usize) -> Vec<String> {
    let pool: [&str; 5] = match locale {
        Locale::En => ["Ann", "Ben", "Cho", "Dan", "Eve"],
        Locale::Ja => ["さくら", "太郎", "花子", "健一", "美咲"],
    };
    pool.iter().take(players).map(|n| (*n).to_owned()).collect()
}

/// The positions a sheet shows: the start, the middle and the end of one seeded game.
fn stages(kind: GameKind, players: usize) -> anyhow::Result<Vec<(&'static str, Box<dyn AnyGame>)>> {
    let at = |moves| {
        let defaults = serde_json::Value::Object(serde_json::Map::new());
        super::position(kind, &defaults, players, 7, moves, &Tr::new(Locale::En, &[]))
            .map(|(g, _)| g)
            .map_err(anyhow::Error::msg)
    };
    // The game's length, roughly: the first power of two of moves that ends it.
    let mut length = 8;
    while length < 4096 && at(length)?.outcome().is_none() {
        length *= 2;
    }
    Ok(vec![
        ("start", at(0)?),
        ("middle", at(length / 4)?),
        ("end", at(length)?),
    ])
}

fn sheet(dir: &Path) -> anyhow::Result<()> {
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    let mut index = String::from(
        "<!doctype html><meta charset=utf-8><title>saikoro boards</title>\
         <style>body{background:#313338;color:#dbdee1;font-family:sans-serif}\
         td{vertical-align:top;padding:8px}img{width:400px}pre{font-size:13px}</style>\n",
    );
    for &kind in GameKind::ALL {
        let (fewest, most) = (*kind.players().start().max(&2), *kind.players().end());
        let mut counts = vec![fewest];
        if most != fewest {
            counts.push(most);
        }
        for players in counts {
            for (stage, game) in stages(kind, players)? {
                let _ = writeln!(
                    index,
                    "<h2>{} · {players} players · {stage}</h2><table><tr>",
                    kind.id()
                );
                for locale in Locale::ALL {
                    let names = names(locale, players);
                    let tr = Tr::new(locale, &names);
                    let stem = format!(
                        "{}-{players}p-{stage}-{}",
                        kind.id(),
                        match locale {
                            Locale::En => "en",
                            Locale::Ja => "ja",
                        }
                    );
                    let text = game.view(None, "", &tr).to_embed_text();
                    std::fs::write(dir.join(format!("{stem}.txt")), &text)?;
                    let _ = write!(index, "<td><pre>{}</pre></td>", escape(&text));
                    if let Some(picture) = game.picture("", &tr) {
                        std::fs::write(dir.join(format!("{stem}.png")), &picture.png)?;
                        let _ = write!(
                            index,
                            "<td><img src=\"{stem}.png\" alt=\"{}\"></td>",
                            escape(&picture.alt)
                        );
                    }
                }
                index.push_str("</tr></table>\n");
            }
        }
    }
    std::fs::write(dir.join("index.html"), index)?;
    eprintln!("wrote {}", dir.join("index.html").display());
    Ok(())
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

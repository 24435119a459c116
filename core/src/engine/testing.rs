//! Checks every game's tests share: a board as snapshot text, and refusals that change nothing.

use super::{AnyGame, Game, Msg, ScriptedDice, Seat, View, picture, text};

/// A board as text for a snapshot: the view within Discord's limits, its colour and controls,
/// and the embed's own drawing when it differs from the terminal's text.
pub fn board_text(view: &View) -> String {
    view.check_limits().expect("within Discord's limits");
    let mut out = format!(
        "{}\ncolour: {:06X}\n--- buttons\n{}",
        view.to_text(),
        view.colour,
        view.controls_text()
    );
    if view.text.is_some() {
        // The drawing and its legend, which the terminal's text leaves out.
        let footer = view.footer.as_deref().unwrap_or_default();
        out.push_str(&format!("\n--- embed\n{}\n{footer}", view.description));
    }
    out
}

/// The emoji a line draws, each as written (a keycap or an emoji with its variation selector
/// is one): whatever is followed by U+FE0F, and wide pictographs (not letters, not arrows).
pub fn symbols(line: &str) -> Vec<&str> {
    use unicode_width::UnicodeWidthChar;
    let chars: Vec<(usize, char)> = line.char_indices().collect();
    let mut found = vec![];
    let mut i = 0;
    while let Some(&(start, c)) = chars.get(i) {
        let next = |k: usize| chars.get(i + k).map(|&(_, c)| c);
        let len = if next(1) == Some('\u{FE0F}') && next(2) == Some('\u{20E3}') {
            3
        } else if next(1) == Some('\u{FE0F}') {
            2
        } else {
            usize::from(
                u32::from(c) >= 0x1F000 || (('\u{2300}'..='\u{2BFF}').contains(&c) && c.width() == Some(2)),
            )
        };
        if len > 0 {
            let end = chars.get(i + len).map_or(line.len(), |&(e, _)| e);
            found.push(&line[start..end]);
        }
        i += len.max(1);
    }
    found
}

/// How many emoji a line draws ([`symbols`]).
pub fn emoji_count(line: &str) -> usize {
    symbols(line).len()
}

/// A whole embed as a phone shows it, line by line: title, description, each field's name and
/// value, footer.
pub fn embed_lines(view: &View) -> Vec<&str> {
    let mut lines = vec![view.title.as_str()];
    lines.extend(view.description.lines());
    for f in &view.fields {
        lines.push(&f.name);
        lines.extend(f.value.lines());
    }
    lines.extend(view.footer.iter().flat_map(|f| f.lines()));
    lines
}

/// The size of a whole embed (see [`embed_lines`]): lines, characters, and its widest line in
/// a phone's columns ([`super::width::columns`], names as they are shown).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EmbedSize {
    pub lines: usize,
    pub chars: usize,
    pub widest: usize,
}

/// The players' names in a board are counted as this many characters, so boards are measured
/// alike whatever the names (a Discord display name is up to 32).
pub const NAME_CHARS: usize = 8;

/// A whole embed's size, each of `names` counted as [`NAME_CHARS`] characters.
pub fn embed_size(view: &View, names: &[String]) -> EmbedSize {
    let chars = |line: &str| {
        let extra: usize = names
            .iter()
            .map(|n| line.matches(n.as_str()).count() * n.chars().count().saturating_sub(NAME_CHARS))
            .sum();
        line.chars().count().saturating_sub(extra)
    };
    let lines = embed_lines(view);
    EmbedSize {
        lines: lines.len(),
        chars: lines.iter().map(|l| chars(l)).sum::<usize>() + lines.len() - 1,
        widest: lines.iter().map(|l| super::width::columns(l)).max().unwrap_or(0),
    }
}

/// The most a game's usual board may take on a phone: see [`embed_size`].
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    pub lines: usize,
    pub chars: usize,
    pub widest: usize,
}

impl Budget {
    /// What is over the budget, if anything.
    pub fn check(&self, size: EmbedSize) -> Result<(), String> {
        let over: Vec<String> = [
            ("lines", size.lines, self.lines),
            ("characters", size.chars, self.chars),
            ("columns in a line", size.widest, self.widest),
        ]
        .into_iter()
        .filter(|(_, had, max)| had > max)
        .map(|(what, had, max)| format!("{had} {what} (budget {max})"))
        .collect();
        if over.is_empty() {
            Ok(())
        } else {
            Err(over.join(", "))
        }
    }
}

/// `action` by `seat` is refused with a catalogue message and the game is unchanged; returns
/// the reason.
pub fn assert_refused<G: Game + PartialEq>(game: &G, seat: Seat, action: &G::Action) -> Msg {
    let mut after = game.clone();
    let err = Game::apply(&mut after, seat, action, &mut ScriptedDice::new([]))
        .expect_err("an illegal action is refused");
    assert!(
        text::has_message(&err.msg().id),
        "{} is not in the catalogue",
        err.msg().id
    );
    assert!(
        &after == game,
        "refusing {action} by seat {seat} changed the game"
    );
    err.msg()
}

/// Ids that are no action of the game at all are refused as unknown (or, once the game is over,
/// as over) and change nothing.
pub fn assert_junk_refused<G: Game + PartialEq, S: AsRef<str>>(game: &G, seat: Seat, junk: &[S]) {
    for s in junk.iter().map(AsRef::as_ref) {
        if s.parse::<G::Action>().is_ok() {
            continue;
        }
        let mut after = game.clone();
        let err =
            AnyGame::apply(&mut after, seat, s, &mut ScriptedDice::new([])).expect_err("junk is refused");
        let expected = match Game::outcome(game) {
            Some(_) => "rule-game-over",
            None => "rule-unknown-action",
        };
        assert_eq!(err.msg().id, expected, "`{s}`");
        assert!(&after == game, "junk `{s}` changed the game");
    }
}

/// A game set up again from its record — options, seats, set-up dice, action log — as the store
/// keeps it, so a test can compare it with the game that was played.
pub fn replayed<G: Game>(
    options: &serde_json::Value,
    players: usize,
    setup_dice: &[u8],
    log: &[super::LoggedAction],
) -> Result<G, String> {
    let mut setup = ScriptedDice::new(setup_dice.iter().copied());
    let options = super::options_of::<G>(options).map_err(|e| format!("options refused: {e}"))?;
    let mut game = G::set_up(&options, players, &mut setup).map_err(|e| format!("set-up refused: {e}"))?;
    if setup.remaining() != 0 {
        return Err("set-up left dice unused".into());
    }
    super::replay(&mut game, log).map_err(|e| e.to_string())?;
    Ok(game)
}

/// A board picture is a PNG under [`picture::MAX_BYTES`] with an alt text within Discord's limit.
pub fn check_picture(picture: &picture::Picture) -> Result<(), String> {
    let (png, alt) = (&picture.png, &picture.alt);
    if png.len() >= picture::MAX_BYTES || !png.starts_with(b"\x89PNG") {
        return Err(format!("a {}-byte picture that is no small PNG", png.len()));
    }
    if alt.trim().is_empty() || alt.chars().count() > picture::ALT_CHARS {
        return Err(format!("alt text of {} characters", alt.chars().count()));
    }
    let pixmap = tiny_skia::Pixmap::decode_png(png).map_err(|e| format!("no PNG: {e}"))?;
    let size = (pixmap.width(), pixmap.height());
    if size != (super::frame::WIDTH, super::frame::HEIGHT) {
        return Err(format!("a {size:?} picture, not the frame's"));
    }
    Ok(())
}

/// `png` against the golden PNG `path`, pixel by pixel: at most 0.1% of the pixels may differ
/// (by more than a little, for anti-aliasing). `SAIKORO_UPDATE_GOLDEN=1` writes the golden file
/// after a deliberate change.
pub fn assert_golden_png(png: &[u8], path: &str) {
    if std::env::var_os("SAIKORO_UPDATE_GOLDEN").is_some() {
        std::fs::write(path, png).expect("golden PNG written");
    }
    let expected = tiny_skia::Pixmap::load_png(path).expect("the golden PNG");
    let drawn = tiny_skia::Pixmap::decode_png(png).expect("a PNG");
    assert_eq!(
        (drawn.width(), drawn.height()),
        (expected.width(), expected.height())
    );
    let differing = drawn
        .data()
        .chunks(4)
        .zip(expected.data().chunks(4))
        .filter(|(a, b)| a.iter().zip(*b).any(|(x, y)| x.abs_diff(*y) > 16))
        .count();
    let pixels = (drawn.width() * drawn.height()) as usize;
    assert!(
        differing * 1000 <= pixels,
        "{differing} of {pixels} pixels differ from {path}"
    );
}

/// The positions of a game played with random legal actions (chosen by `seed`), from set-up to
/// the end or `moves` actions, whichever comes first.
pub fn random_positions<G: Game>(mut game: G, seed: u64, moves: usize) -> Vec<G> {
    let mut dice = super::SeededDice::new(seed);
    let mut positions = vec![game.clone()];
    while positions.len() <= moves && game.outcome().is_none() {
        let Some(seat) = game.first_to_act() else { break };
        let legal = game.legal_actions(seat);
        if legal.is_empty() {
            break;
        }
        let action = &legal[super::bot::pick_index(legal.len(), &mut dice)];
        game.apply(seat, action, &mut dice).expect("a legal action");
        positions.push(game.clone());
    }
    positions
}

/// The first step the board offers with `draft` made, if any.
fn first_step<G: Game>(state: &G, draft: &str, tr: &super::Tr) -> Option<String> {
    let view = Game::view(state, None, draft, tr);
    view.rows
        .iter()
        .flat_map(|r| r.ids())
        .find_map(|id| match super::view::Target::of(id) {
            super::view::Target::Step(next) if !next.is_empty() && next != draft => Some(next.to_owned()),
            _ => None,
        })
}

/// The first position from `moves` random actions into `game` whose board offers a step that,
/// taken `depth` steps deep (the first offered each time), changes the picture: there must be
/// one (a draft the picture does not draw finds none), and it matches the golden PNG at `path`.
pub fn assert_golden_draft<G: Game>(game: G, players: usize, moves: usize, depth: usize, path: &str) {
    let names = golden_names(players);
    let tr = super::Tr::new(super::Locale::En, &names);
    let positions = random_positions(game, 5, moves + 200);
    let drafted = positions[moves..]
        .iter()
        .find_map(|state| {
            let mut draft = first_step(state, "", &tr)?;
            for _ in 1..depth {
                draft = first_step(state, &draft, &tr)?;
            }
            let drafted = Game::picture(state, &draft, &tr).expect("a picture");
            let plain = Game::picture(state, "", &tr).expect("a picture");
            (drafted.png != plain.png).then_some(drafted)
        })
        .expect("a position whose draft the picture draws");
    check_picture(&drafted).expect("a small PNG with alt text");
    assert_golden_png(&drafted.png, path);
}

fn golden_names(players: usize) -> Vec<String> {
    ["Ann", "Ben", "Cho", "Dan", "Eve"]
        .iter()
        .take(players)
        .map(std::string::ToString::to_string)
        .collect()
}

/// The picture `moves` random actions into `game` (of `players` seats) with `draft` drawn is a
/// small PNG whose alt text names every player, and matches the golden PNG at `path` (pixels,
/// small tolerance).
pub fn assert_golden_picture<G: Game>(game: G, players: usize, moves: usize, draft: &str, path: &str) {
    let positions = random_positions(game, 5, moves);
    let names = golden_names(players);
    let tr = super::Tr::new(super::Locale::En, &names);
    let picture = Game::picture(positions.last().expect("a position"), draft, &tr).expect("a picture");
    check_picture(&picture).expect("a small PNG with alt text");
    for name in &names {
        assert!(
            picture.alt.contains(name.as_str()),
            "{name} missing from {}",
            picture.alt
        );
    }
    assert_golden_png(&picture.png, path);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn emoji_are_counted_once_with_their_keycaps_and_selectors() {
        assert_eq!(emoji_count("*️⃣ col. 7: 🔴🔵"), 3);
        assert_eq!(emoji_count("⬛🟫⚪"), 3);
        assert_eq!(symbols("▫️ space · climb 2 → 7 ⋮ 忍"), ["▫️"]);
        assert_eq!(symbols("1️⃣ 🔴Ann ⏹️"), ["1️⃣", "🔴", "⏹️"]);
    }
}

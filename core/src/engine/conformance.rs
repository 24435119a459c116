//! The conformance suite every game passes, run from its `proptests.rs` by one line,
//! `conformance!(TheGame, profile)`: random games end; replaying the log equals the live game;
//! refused actions change nothing; a snapshot restores to the same game at every action, and
//! the serialized state is pinned to its version; every
//! view and every draft its steps reach fits Discord's limits in every language, offering only
//! legal actions; a timed-out seat's action is legal; every picture is a small PNG with alt
//! text that says the decision it draws, and draws no label or marker too small for a phone;
//! every board fits a phone (lines, characters, no line
//! over [`width::PHONE_COLUMNS`]) and explains every emoji in its legend; a player count
//! outside the game's seats is refused. A game's own properties (its
//! invariants, brute forces) stay in its folder and can play their games with [`Playout`].

use super::bot::pick_index;
use super::view::{SEAT_EMOJI, Target, look_alike, mark_shape, seat_mark};
use super::{
    Game, Locale, LoggedAction, RESIGN, RecordingDice, Registered, Rules, Seat, SeededDice, SetupError, Tr,
    options_of, testing, text, width,
};
use proptest::prelude::*;
use proptest::test_runner::TestRunner;
use serde_json::Value;
use std::collections::BTreeSet;

mod readable;
pub use readable::pictures_are_readable;

/// Far above any real game.
const MAX_ACTIONS: usize = 20_000;
/// Drafts explored per position, so a game with many steps stays quick.
const MAX_DRAFTS: usize = 400;

/// The goal for a board on a phone: under 30 lines, no line wider than a phone's
/// [`width::PHONE_COLUMNS`].
pub const USUAL: testing::Budget = testing::Budget {
    lines: 29,
    chars: 1200,
    widest: width::PHONE_COLUMNS,
};
/// The most any board may take: as many lines as a crowded position needs, none wider.
pub const MOST: testing::Budget = testing::Budget {
    lines: 40,
    chars: 2000,
    widest: width::PHONE_COLUMNS,
};

/// What the suite needs to know of a game besides its [`Game`] impl.
pub struct Profile<G: Game> {
    /// Option sets played besides the defaults: ones that change what the state holds (another
    /// board, another card list), so neither a snapshot nor a view can rely on the defaults.
    pub options: Vec<Value>,
    /// Actions a seat could send in a position besides the ones listed legal somewhere in the
    /// same game, legal or not, for the refusal check.
    pub candidates: fn(&G) -> Vec<G::Action>,
    /// Actions the game accepts though [`Game::legal_actions`] does not list them.
    pub unlisted: fn(&G, Seat, &G::Action) -> bool,
    /// Random games per property.
    pub cases: u32,
    /// About one action in this many is a resignation by a random seat (0: none).
    pub resign_one_in: usize,
    /// The board's words stay beside its picture (a picture with letters), else none do.
    pub words_beside_picture: bool,
    /// The whole embed of a mid-game board, median over random games (4 players, or as many as
    /// the game seats): what a phone shows without scrolling far.
    pub usual: testing::Budget,
    /// The whole embed of every board, any position and player count, names counted as
    /// [`testing::NAME_CHARS`].
    pub most: testing::Budget,
}

impl<G: Game> Profile<G> {
    /// A profile with no extra candidates and nothing accepted unlisted.
    pub fn new(cases: u32) -> Self {
        Self {
            options: vec![],
            candidates: |_| vec![],
            unlisted: |_, _, _| false,
            cases,
            resign_one_in: 1000,
            words_beside_picture: true,
            usual: USUAL,
            most: MOST,
        }
    }

    /// The defaults, then the profile's own option sets.
    fn option_sets(&self) -> Vec<Value> {
        std::iter::once(serde_json::json!({}))
            .chain(self.options.iter().cloned())
            .collect()
    }
}

/// A random game played to its end: how it was set up, its log and every state it passed.
pub struct Playout<G: Game> {
    pub options: Value,
    pub players: usize,
    pub setup_dice: Vec<u8>,
    pub log: Vec<LoggedAction>,
    pub states: Vec<G>,
}

impl<G: Game> Playout<G> {
    /// Random legal play by random awaited seats; about one action in `resign_one_in` (0:
    /// never) is a resignation by a random seat. Every log line is in the catalogue.
    pub fn random(options: &Value, players: usize, seed: u64, resign_one_in: usize) -> Self {
        Self::random_with(options, players, seed, |game, chooser| {
            Self::pick(game, players, resign_one_in, chooser)
        })
    }

    /// Play choosing with `pick` (the seat and its action, from the chooser's chance).
    pub fn random_with(
        options: &Value,
        players: usize,
        seed: u64,
        mut pick: impl FnMut(&G, &mut SeededDice) -> (Seat, G::Action),
    ) -> Self {
        let mut dice = SeededDice::new(seed);
        let mut chooser = SeededDice::new(seed.rotate_left(17) ^ 0x00C0_FFEE);
        let mut setup = RecordingDice::new(&mut dice);
        let typed = options_of::<G>(options).expect("valid options");
        let mut game = G::set_up(&typed, players, &mut setup).expect("valid set-up");
        let setup_dice = setup.drawn;
        let mut states = vec![game.clone()];
        let mut log = vec![];
        while Game::outcome(&game).is_none() {
            assert!(log.len() < MAX_ACTIONS, "{} seed {seed}: no end", G::ID);
            let (seat, action) = pick(&game, &mut chooser);
            let mut rec = RecordingDice::new(&mut dice);
            let Ok(lines) = Game::apply(&mut game, seat, &action, &mut rec) else {
                // Only a resignation by a seat already out may be refused here.
                assert_eq!(action.to_string(), RESIGN, "{} refused {action}", G::ID);
                continue;
            };
            for line in lines {
                assert!(text::has_message(&line.id), "{} is not in the catalogue", line.id);
            }
            let drawn = rec.drawn;
            log.push(LoggedAction {
                seat,
                action: action.to_string(),
                dice: drawn,
            });
            states.push(game.clone());
        }
        Self {
            options: options.clone(),
            players,
            setup_dice,
            log,
            states,
        }
    }

    /// A random awaited seat and one of its legal actions, or now and then a resignation.
    fn pick(game: &G, players: usize, resign_one_in: usize, chooser: &mut SeededDice) -> (Seat, G::Action) {
        if resign_one_in > 0
            && pick_index(resign_one_in, chooser) == 0
            && let Ok(resign) = RESIGN.parse::<G::Action>()
        {
            return (pick_index(players, chooser), resign);
        }
        let awaited = Game::to_act(game);
        let seat = awaited[pick_index(awaited.len(), chooser)];
        let legal = game.legal_actions(seat);
        assert!(!legal.is_empty(), "{}: an awaited seat has a legal action", G::ID);
        let action = legal[pick_index(legal.len(), chooser)].clone();
        (seat, action)
    }

    /// Every action listed legal for some seat somewhere in this game, each once.
    fn listed(&self) -> Vec<G::Action> {
        let mut seen = std::collections::HashSet::new();
        let mut all: Vec<G::Action> = vec![];
        for state in self.states.iter().step_by(3) {
            for seat in 0..self.players {
                for action in state.legal_actions(seat) {
                    if seen.insert(action.to_string()) {
                        all.push(action);
                    }
                }
            }
        }
        all
    }
}

/// Runs `check` on `profile.cases` random games of every option set and player count.
pub fn property<G: Game>(
    profile: &Profile<G>,
    check: impl Fn(&Playout<G>, &[String]) -> Result<(), TestCaseError>,
) {
    let sets = profile.option_sets();
    let junk = proptest::collection::vec("[a-z0-9+:~ ]{0,10}", 4);
    let strategy = (any::<u64>(), 0..sets.len(), G::PLAYERS, junk);
    let mut runner = TestRunner::new(ProptestConfig::with_cases(profile.cases));
    let outcome = runner.run(&strategy, |(seed, set, players, junk)| {
        check(
            &Playout::random(&sets[set], players, seed, profile.resign_one_in),
            &junk,
        )
    });
    if let Err(e) = outcome {
        panic!("{}: {e}", G::ID);
    }
}

/// Random games end, and replaying a game's record (options, seats, set-up dice, log) gives
/// the game as it was played.
pub fn games_end_and_replay<G: Game + PartialEq>(profile: &Profile<G>) {
    property(profile, |p, _| {
        let last = p.states.last().expect("the start at least");
        prop_assert!(Game::outcome(last).is_some());
        let replayed: G =
            testing::replayed(&p.options, p.players, &p.setup_dice, &p.log).map_err(TestCaseError::fail)?;
        prop_assert_eq!(&replayed, last);
        Ok(())
    });
}

/// How many actions (legal elsewhere, or the game's own candidates) are tried at each position.
const TRIED_PER_STATE: usize = 48;

/// Every action not legal for a seat (and junk that is no action at all) is refused with a
/// catalogue reason and changes nothing, in a spread of positions covering every phase.
pub fn refusals_change_nothing<G: Game + PartialEq>(profile: &Profile<G>) {
    property(profile, |p, junk| {
        let listed = p.listed();
        for (k, state) in p.states.iter().step_by(7).chain(p.states.last()).enumerate() {
            let pool: Vec<G::Action> = listed
                .iter()
                .cloned()
                .chain((profile.candidates)(state))
                .collect();
            // A window that moves along the actions legal elsewhere and the game's own
            // candidates from position to position, so a long game spreads its tries over them
            // all instead of trying hundreds at each position (Ninja's took minutes).
            let start = k * TRIED_PER_STATE % pool.len().max(1);
            let tried: Vec<G::Action> = pool
                .iter()
                .cycle()
                .skip(start)
                .take(TRIED_PER_STATE.min(pool.len()))
                .cloned()
                .collect();
            for seat in 0..=p.players {
                check_refusals(profile, state, seat, &tried);
                testing::assert_junk_refused(state, seat, junk);
            }
        }
        Ok(())
    });
}

fn check_refusals<G: Game + PartialEq>(profile: &Profile<G>, state: &G, seat: Seat, tried: &[G::Action]) {
    let legal = state.legal_actions(seat);
    for action in tried {
        if legal.contains(action) || (profile.unlisted)(state, seat, action) {
            continue;
        }
        if action.to_string() == RESIGN {
            // Resigning is always allowed while playing: it must only not break a refusal.
            let mut after = state.clone();
            if Game::apply(&mut after, seat, action, &mut SeededDice::new(1)).is_ok() {
                continue;
            }
        }
        testing::assert_refused(state, seat, action);
    }
}

/// The drafts a view's step controls lead to: the first step of each decision it offers.
fn first_steps(view: &super::View) -> impl Iterator<Item = String> + '_ {
    view.rows
        .iter()
        .flat_map(|r| r.ids())
        .filter_map(|id| match Target::of(id) {
            Target::Step(next) => Some(next.to_owned()),
            Target::Act(_) => None,
        })
}

/// A game living only through snapshots (`restore(snapshot(g))` before every action) passes
/// through the same states, says the same log lines and ends the same way as the game played.
/// Every option set, every player count, two seeds each.
pub fn snapshots_round_trip<G: Game>(profile: &Profile<G>) {
    for options in profile.option_sets() {
        for players in G::PLAYERS {
            for seed in [3, 17] {
                let p = Playout::<G>::random(&options, players, seed + players as u64, profile.resign_one_in);
                let mut played = p.states[0].clone();
                let mut twin = round_trip::<G>(&played);
                for entry in &p.log {
                    let said = replay_one(&mut played, entry);
                    assert_eq!(
                        replay_one(twin.as_mut(), entry),
                        said,
                        "{}: {}",
                        G::ID,
                        entry.action
                    );
                    assert_eq!(format!("{twin:?}"), format!("{played:?}"), "{}", G::ID);
                    twin = round_trip::<G>(twin.as_ref());
                }
                assert_eq!(
                    twin.outcome(),
                    Game::outcome(p.states.last().expect("states")),
                    "{}",
                    G::ID
                );
            }
        }
    }
}

/// The serialized form of a reference position (mid-game, most seats, every option set) is
/// pinned per [`Game::STATE_VERSION`] in `engine/snapshots/`: changing the form or meaning of a
/// stored field means a new version (and a new pinned file), never an edit of a pinned one, so
/// stored snapshots of the old version are rebuilt from their logs instead of misread.
pub fn state_format_is_pinned<G: Game>(profile: &Profile<G>) {
    let players = *G::PLAYERS.end();
    let forms: Vec<Value> = profile
        .option_sets()
        .iter()
        .map(|options| {
            let p = Playout::<G>::random(options, players, 11, 0);
            let middle = &p.states[p.states.len() / 2];
            serde_json::from_str(&super::AnyGame::snapshot(middle)).expect("a snapshot is JSON")
        })
        .collect();
    // Keys sorted (through `Value`) and one field a line, so a diff shows what changed.
    let pinned = serde_json::to_string_pretty(&forms).expect("JSON");
    insta::assert_snapshot!(format!("{}-state-v{}", G::ID, G::STATE_VERSION), pinned);
    // A state that parses is still refused under another version: its fields may mean else.
    let game = Playout::<G>::random(&serde_json::json!({}), players, 11, 0)
        .states
        .remove(0);
    let mut form: Value = serde_json::from_str(&super::AnyGame::snapshot(&game)).expect("JSON");
    form["state_version"] = (G::STATE_VERSION + 1).into();
    let refused = Registered::<G>::NEW.restore(&form.to_string()).map(|_| ());
    assert!(
        matches!(refused, Err(super::RestoreError::SnapshotVersion { found: Some(v), .. }) if v == G::STATE_VERSION + 1),
        "{}: {refused:?}",
        G::ID
    );
}

/// `game` restored through the registry's face from its own snapshot: the same state, and the
/// same snapshot again.
fn round_trip<G: Game>(game: &dyn super::AnyGame) -> Box<dyn super::AnyGame> {
    let snapshot = game.snapshot();
    let restored = Registered::<G>::NEW
        .restore(&snapshot)
        .unwrap_or_else(|e| panic!("{}: the snapshot does not restore: {e}", G::ID));
    assert_eq!(format!("{restored:?}"), format!("{game:?}"), "{}", G::ID);
    assert_eq!(restored.snapshot(), snapshot, "{}", G::ID);
    restored
}

fn replay_one(game: &mut dyn super::AnyGame, entry: &LoggedAction) -> Vec<super::Msg> {
    let mut dice = super::ScriptedDice::new(entry.dice.iter().copied());
    game.apply(entry.seat, &entry.action, &mut dice)
        .unwrap_or_else(|e| panic!("a logged {} refused: {e}", entry.action))
}

/// Names as long as Discord allows, so every line is measured at its widest.
fn long_names(players: usize) -> Vec<String> {
    (0..players).map(|s| format!("{s}{}", "W".repeat(31))).collect()
}

/// Every view of every position, for every viewer, and every draft its steps reach from the
/// public board, fits Discord's limits in every language, names only catalogue messages and
/// offers only legal actions; the timeout action of every awaited seat is legal.
pub fn views_fit_discord<G: Game>(profile: &Profile<G>) {
    property(profile, |p, _| {
        let names = long_names(p.players);
        for (i, state) in p.states.iter().enumerate() {
            for locale in Locale::ALL {
                let tr = Tr::new(locale, &names);
                for viewer in std::iter::once(None).chain((0..p.players).map(Some)) {
                    check_view(profile, state, viewer, "", &tr);
                }
                if i % 3 == 0 || i + 1 == p.states.len() {
                    check_drafts(profile, state, &tr);
                }
            }
            check_timeouts(state);
        }
        Ok(())
    });
}

/// One view within the limits, in the catalogue, with only legal actions; returns its steps.
fn check_view<G: Game>(
    profile: &Profile<G>,
    state: &G,
    viewer: Option<Seat>,
    draft: &str,
    tr: &Tr,
) -> Vec<String> {
    let view = Game::view(state, viewer, draft, tr);
    if let Err(e) = view.check_limits() {
        panic!("{}: {e} with draft {draft:?}\n{}", G::ID, view.to_text());
    }
    let shown = format!("{}{}", view.to_text(), view.controls_text());
    assert!(!shown.contains('⟦'), "{}: a message is missing:\n{shown}", G::ID);
    let mut steps = vec![];
    for id in view.rows.iter().flat_map(|r| r.ids()) {
        match Target::of(id) {
            Target::Step(next) => steps.push(next.to_owned()),
            Target::Act(action) => {
                let action: G::Action = action
                    .parse()
                    .unwrap_or_else(|_| panic!("{}: `{id}` is no action", G::ID));
                let offered = action.to_string() == RESIGN
                    || Game::to_act(state).into_iter().any(|s| {
                        state.legal_actions(s).contains(&action) || (profile.unlisted)(state, s, &action)
                    });
                assert!(offered, "{}: `{id}` is offered but not legal", G::ID);
            }
        }
    }
    steps
}

/// Every draft the public board's steps reach (up to [`MAX_DRAFTS`]).
fn check_drafts<G: Game>(profile: &Profile<G>, state: &G, tr: &Tr) {
    let mut todo = vec![String::new()];
    let mut seen = BTreeSet::new();
    while let Some(draft) = todo.pop() {
        if seen.len() >= MAX_DRAFTS || !seen.insert(draft.clone()) {
            continue;
        }
        todo.extend(check_view(profile, state, None, &draft, tr));
    }
}

fn check_timeouts<G: Game>(state: &G) {
    for seat in Game::to_act(state) {
        if let Some(action) = Game::timeout_action(state, seat) {
            let mut after = state.clone();
            if let Err(e) = Game::apply(&mut after, seat, &action, &mut SeededDice::new(5)) {
                panic!("{}: the timeout action {action} is refused: {e}", G::ID);
            }
            assert_ne!(
                format!("{after:?}"),
                format!("{state:?}"),
                "{}: the timeout changes nothing",
                G::ID
            );
        }
    }
}

/// Pictures of positions all through random games, in both languages, are small PNGs with alt
/// text; a board's words beside its picture are lines of its description, which has more (the
/// drawing the picture replaces).
pub fn pictures_are_small<G: Game>(profile: &Profile<G>) {
    let few = Profile::<G> {
        // Drawing and encoding a PNG costs milliseconds: a few games, sampled.
        cases: profile.cases.div_ceil(8).max(6),
        options: profile.options.clone(),
        ..Profile::new(0)
    };
    property(&few, |p, _| {
        // 32-character names, in English and in Japanese.
        let english = long_names(p.players);
        let japanese: Vec<String> = (0..p.players)
            .map(|s| format!("{s}{}", "忍".repeat(31)))
            .collect();
        for (k, state) in p.states.iter().step_by(9).chain(p.states.last()).enumerate() {
            let locale = Locale::ALL[k % Locale::ALL.len()];
            let names = if locale == Locale::Ja { &japanese } else { &english };
            let tr = Tr::new(locale, names);
            // The board, and the board with each first step of its decision drafted.
            let view = Game::view(state, None, "", &tr);
            let drafts = first_steps(&view);
            let plain = Game::picture(state, "", &tr);
            for draft in std::iter::once(String::new()).chain(drafts.take(3)) {
                let Some(picture) = Game::picture(state, &draft, &tr) else {
                    continue;
                };
                prop_assert_eq!(testing::check_picture(&picture), Ok(()), "draft {:?}", draft);
                // A decision the picture draws is said in its alt text too.
                if let Some(plain) = &plain
                    && picture.png != plain.png
                {
                    prop_assert_ne!(&picture.alt, &plain.alt, "{}: draft {:?} unsaid", G::ID, draft);
                }
            }
        }
        Ok(())
    });
    let mut worded = false;
    let players = (*G::PLAYERS.start()).max(2).min(*G::PLAYERS.end());
    let names = long_names(players);
    for state in Playout::<G>::random(&serde_json::json!({}), players, 11, 0).states {
        let view = Game::view(&state, None, "", &Tr::new(Locale::En, &names));
        let Some(words) = &view.words else { continue };
        worded = true;
        let drawn: Vec<&str> = view.description.lines().collect();
        for line in words.lines() {
            assert!(
                drawn.contains(&line),
                "{}: `{line}` is not in\n{}",
                G::ID,
                view.description
            );
        }
        assert!(
            drawn.len() > words.lines().count(),
            "{}: nothing drawn besides the words",
            G::ID
        );
    }
    assert_eq!(
        worded,
        profile.words_beside_picture,
        "{}: words beside the picture",
        G::ID
    );
}

/// Any player count outside [`Game::PLAYERS`] is refused as such, in the catalogue.
pub fn other_player_counts_are_refused<G: Game>() {
    let options = options_of::<G>(&serde_json::json!({})).expect("the defaults");
    for players in 0..=G::PLAYERS.end() + 2 {
        let result = G::set_up(&options, players, &mut SeededDice::new(1));
        if G::PLAYERS.contains(&players) {
            assert!(result.is_ok(), "{}: {players} players refused", G::ID);
            continue;
        }
        let err = result.expect_err("refused");
        assert!(matches!(err, SetupError::Seats { .. }), "{}: {err}", G::ID);
        assert!(
            text::has_message(&err.msg().id),
            "{} is not in the catalogue",
            err.msg().id
        );
    }
}

/// Every board of random games for every player count, in every language, with the longest
/// names: within the profile's [`Profile::most`] budget, no two seats' marks of one shape, and
/// nothing but a seat's mark in a seat's shape ([`look_alike`]).
pub fn boards_fit_a_phone<G: Game>(profile: &Profile<G>) {
    seat_marks_differ_in_shape(*G::PLAYERS.end());
    // Random play rarely has every seat resign (nobody wins only when the last one does too),
    // so that ending is checked on its own.
    let players = *G::PLAYERS.start();
    for options in profile.option_sets() {
        let mut next = 0;
        let resigned = Playout::<G>::random_with(&options, players, 1, |_, _| {
            next += 1;
            (
                next % players,
                RESIGN
                    .parse()
                    .unwrap_or_else(|_| panic!("{} refuses resign", G::ID)),
            )
        });
        board_fits_a_phone(profile, resigned.states.last().expect("an end"), players);
    }
    property(profile, |p, _| {
        for state in &p.states {
            board_fits_a_phone(profile, state, p.players);
        }
        Ok(())
    });
}

/// One board, seen by a spectator in every language, within the budget and without look-alikes.
fn board_fits_a_phone<G: Game>(profile: &Profile<G>, state: &G, players: usize) {
    let names = long_names(players);
    for locale in Locale::ALL {
        let view = Game::view(state, None, "", &Tr::new(locale, &names));
        let size = testing::embed_size(&view, &names);
        if let Err(e) = profile.most.check(size) {
            panic!("{}: {e}\n{}", G::ID, view.to_embed_text());
        }
        let shown = format!("{}{}", view.to_embed_text(), view.controls_text());
        if let Some(c) = look_alike(&shown, players) {
            panic!("{}: {c} looks like a seat's mark\n{shown}", G::ID);
        }
    }
}

/// Symbols every board may use without its legend: the seats' marks (the players' list names
/// each beside its mark), numbers as keycaps, letters as regional indicators, and those that
/// only ever begin what they mean in words: 🎲 before the dice, ⚠️ before a warning, 🏆 and 🏁
/// before the outcome.
fn explained_anywhere(symbol: &str, seats: usize) -> bool {
    let first = symbol.chars().next().unwrap_or(' ');
    SEAT_EMOJI[..seats.min(SEAT_EMOJI.len())].contains(&symbol)
        || ["🎲", "⚠️", "🏆", "🏁"].contains(&symbol)
        || (first.is_ascii_digit() && symbol.ends_with('\u{20E3}'))
        || ('\u{1F1E6}'..='\u{1F1FF}').contains(&first)
}

/// Every line the game's log says, whole and as a board wraps it.
fn log_lines<G: Game>(p: &Playout<G>, tr: &Tr) -> BTreeSet<String> {
    let mut msgs = super::AnyGame::opening(&p.states[0]);
    for (state, entry) in p.states.iter().zip(&p.log) {
        msgs.extend(replay_one(&mut state.clone(), entry));
    }
    let said: Vec<String> = msgs.iter().map(|m| tr.msg(m)).collect();
    let wrapped: Vec<String> = said
        .iter()
        .flat_map(|l| width::wrap(l, width::PHONE_COLUMNS))
        .collect();
    said.into_iter().chain(wrapped).collect()
}

/// Every emoji a board draws, in its title, description or fields (but for log lines, which
/// say what they mean in words), is in its legend (the footer) or explained anywhere
/// ([`explained_anywhere`]), and every emoji its legend names is shown somewhere on the board or
/// its controls: random positions of every player count, in every language, with each first
/// step of the decision drafted.
pub fn legends_cover_every_symbol<G: Game>(profile: &Profile<G>) {
    property(profile, |p, _| {
        let names = long_names(p.players);
        for locale in Locale::ALL {
            let tr = Tr::new(locale, &names);
            let said = log_lines(p, &tr);
            for state in p.states.iter().step_by(3).chain(p.states.last()) {
                let plain = Game::view(state, None, "", &tr);
                let drafts = first_steps(&plain);
                for draft in std::iter::once(String::new()).chain(drafts.take(2)) {
                    let view = Game::view(state, None, &draft, &tr);
                    let legend = view.footer.clone().unwrap_or_default();
                    let drawn = testing::embed_lines(&view);
                    let board = &drawn[..drawn.len() - legend.lines().count()];
                    let missing: BTreeSet<&str> = board
                        .iter()
                        .filter(|l| !said.contains(**l))
                        .flat_map(|l| testing::symbols(l))
                        .filter(|s| !legend.contains(s) && !explained_anywhere(s, p.players))
                        .collect();
                    prop_assert!(
                        missing.is_empty(),
                        "{}: {:?} not in the legend ({:?}, draft {:?})\n{}",
                        G::ID,
                        missing,
                        locale,
                        draft,
                        view.to_embed_text()
                    );
                    let shown = super::legend::shown(&view);
                    let unshown: BTreeSet<&str> = testing::symbols(&legend)
                        .into_iter()
                        .filter(|s| !shown.contains(s))
                        .collect();
                    prop_assert!(
                        unshown.is_empty(),
                        "{}: the legend names {:?}, which the board does not show ({:?}, draft {:?})\n{}\n{}",
                        G::ID,
                        unshown,
                        locale,
                        draft,
                        view.to_embed_text(),
                        view.controls_text()
                    );
                }
            }
        }
        Ok(())
    });
}

/// The marks of `seats` seats are all of different shapes.
pub fn seat_marks_differ_in_shape(seats: usize) {
    let shapes: Vec<_> = (0..seats).map(|s| mark_shape(seat_mark(s))).collect();
    for (s, shape) in shapes.iter().enumerate() {
        assert!(shape.is_some(), "seat {s}'s mark has no shape");
        assert!(
            !shapes[..s].contains(shape),
            "seat {s}'s mark {} repeats a shape",
            seat_mark(s)
        );
    }
}

/// A random game's positions from a quarter to three quarters of its length: the usual board.
fn middle<G: Game>(players: usize, seed: u64) -> Vec<G> {
    let states = Playout::<G>::random(&serde_json::json!({}), players, seed, 0).states;
    let n = states.len();
    states.into_iter().skip(n / 4).take(n / 2 + 1).collect()
}

/// The whole embed of a mid-game board, each figure's median over random games of 4 players
/// (or the nearest the game seats) with names of [`testing::NAME_CHARS`] characters.
pub fn usual_size<G: Game>(locale: Locale) -> testing::EmbedSize {
    let players = 4.clamp(*G::PLAYERS.start(), *G::PLAYERS.end());
    let names: Vec<String> = (0..players).map(|s| format!("Player_{}", s + 1)).collect();
    let tr = Tr::new(locale, &names);
    let sizes: Vec<testing::EmbedSize> = (0..8)
        .flat_map(|seed| middle::<G>(players, seed))
        .map(|state| testing::embed_size(&Game::view(&state, None, "", &tr), &names))
        .collect();
    let median = |f: fn(&testing::EmbedSize) -> usize| {
        let mut v: Vec<usize> = sizes.iter().map(f).collect();
        v.sort_unstable();
        v[v.len() / 2]
    };
    testing::EmbedSize {
        lines: median(|s| s.lines),
        chars: median(|s| s.chars),
        widest: median(|s| s.widest),
    }
}

/// The usual board (see [`usual_size`]) is within the profile's [`Profile::usual`] budget.
pub fn usual_boards_fit_a_phone<G: Game>(profile: &Profile<G>) {
    for locale in Locale::ALL {
        let size = usual_size::<G>(locale);
        eprintln!("{} {locale:?}: {size:?}", G::ID);
        if let Err(e) = profile.usual.check(size) {
            panic!("{} in {locale:?}: the usual board has {e}", G::ID);
        }
    }
}

/// The suite for one game, as one `#[test]` per property: `conformance!(Game, profile)`.
macro_rules! conformance {
    ($game:ty, $profile:expr) => {
        mod conformance {
            use super::*;
            use $crate::engine::conformance as suite;

            fn profile() -> suite::Profile<$game> {
                $profile
            }

            #[test]
            fn random_games_end_and_replay() {
                suite::games_end_and_replay(&profile());
            }

            #[test]
            fn refused_actions_change_nothing() {
                suite::refusals_change_nothing(&profile());
            }

            #[test]
            fn snapshots_restore_to_the_same_game() {
                suite::snapshots_round_trip(&profile());
            }

            #[test]
            fn the_state_format_is_pinned_to_its_version() {
                suite::state_format_is_pinned(&profile());
            }

            #[test]
            fn every_view_and_draft_fits_discord() {
                suite::views_fit_discord(&profile());
            }

            #[test]
            fn every_picture_is_a_small_png() {
                suite::pictures_are_small(&profile());
            }

            #[test]
            fn every_picture_is_readable_on_a_phone() {
                suite::pictures_are_readable::<$game>();
            }

            #[test]
            fn every_board_fits_a_phone() {
                suite::boards_fit_a_phone(&profile());
            }

            #[test]
            fn legends_cover_every_symbol() {
                suite::legends_cover_every_symbol(&profile());
            }

            #[test]
            fn the_usual_board_fits_a_phone() {
                suite::usual_boards_fit_a_phone(&profile());
            }

            #[test]
            fn other_player_counts_are_refused() {
                suite::other_player_counts_are_refused::<$game>();
            }
        }
    };
}
pub(crate) use conformance;

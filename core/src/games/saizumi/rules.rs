//! The rules' moves inside Saizumi's turn (§4–§6): checking an action, revealing, rolling and
//! collapsing, placing, using and stacking cards, passing the turn and ending the game.

use super::{
    Action, Dice, Drawn, Effect, Event, Half, LOG_LEN, Msg, Outcome, Phase, Placed, REVEAL, RuleError, SLOTS,
    Saizumi, Seat, cards, counts, keep_recent, view,
};

impl Saizumi {
    /// Checks an action against the rules without changing anything (§6).
    pub(super) fn check(&self, seat: Seat, action: &Action) -> Result<(), RuleError> {
        if self.outcome.is_some() {
            return Err(RuleError::GameOver);
        }
        if !self.is_playing(seat) {
            return Err(RuleError::new("rule-not-playing"));
        }
        let my_action = || {
            let mine = seat == self.active;
            let phase_ok = match action {
                Action::Place { .. } => self.phase == Phase::Place,
                _ => self.phase == Phase::Stack,
            };
            if mine && phase_ok {
                Ok(())
            } else {
                Err(RuleError::new("saizumi-rule-not-your-action"))
            }
        };
        let slot_in_range = |slot: u32| {
            if (1..=SLOTS as u32).contains(&slot) {
                Ok(slot as usize)
            } else {
                Err(RuleError::Refused(
                    Msg::new("saizumi-rule-slot").arg("slot", slot),
                ))
            }
        };
        let filled = |slot: u32| {
            let s = slot_in_range(slot)?;
            if self.market[s - 1].is_empty() {
                Err(RuleError::Refused(
                    Msg::new("saizumi-rule-slot-empty").arg("slot", slot),
                ))
            } else {
                Ok(s)
            }
        };
        match action {
            Action::Resign => Ok(()),
            Action::Place { stone, slot } => {
                my_action()?;
                if !self.to_place.iter().any(|(k, _)| k == stone) {
                    return Err(Msg::new("saizumi-rule-no-stone").arg("stone", *stone).into());
                }
                slot_in_range(*slot).map(|_| ())
            }
            Action::Done => self.my_response(seat),
            Action::Use { pile, pos, face } => self.check_use(seat, *pile, *pos, *face),
            Action::Take { slot, pile, half } => {
                my_action()?;
                filled(*slot)?;
                if self.pile_index(seat, *pile).is_none() {
                    return Err(Msg::new("saizumi-rule-take-no-pile").arg("pile", *pile).into());
                }
                if half != "a" && half != "b" {
                    return Err(RuleError::new("saizumi-rule-half"));
                }
                Ok(())
            }
            Action::Claim { slot, halves } => {
                my_action()?;
                let s = filled(*slot)?;
                let n = self.market[s - 1].len();
                match halves {
                    Some(h) if h.len() != n || !h.chars().all(|c| Half::from_letter(c).is_some()) => {
                        Err(Msg::new("saizumi-rule-halves").arg("count", n).into())
                    }
                    _ => Ok(()),
                }
            }
        }
    }

    /// A responder's use of a card: theirs, at a position its pile has, with a face named exactly
    /// when the card lets them name one.
    fn check_use(&self, seat: Seat, pile: u32, pos: u32, face: Option<u32>) -> Result<(), RuleError> {
        self.my_response(seat)?;
        let index = self
            .pile_index(seat, pile)
            .ok_or_else(|| RuleError::Refused(Msg::new("saizumi-rule-no-pile").arg("pile", pile)))?;
        let cards = &self.piles[seat][index].cards;
        let card = (pos as usize)
            .checked_sub(1)
            .and_then(|i| cards.get(i))
            .ok_or_else(|| {
                RuleError::Refused(
                    Msg::new("saizumi-rule-no-position")
                        .arg("pile", pile)
                        .arg("pos", pos),
                )
            })?;
        match (self.face(*card).effect.names_face(), face) {
            (true, Some(1..=6)) | (false, None) => Ok(()),
            (true, _) => Err(RuleError::new("saizumi-rule-name-face")),
            (false, Some(_)) => Err(RuleError::new("saizumi-rule-face-printed")),
        }
    }

    pub(super) fn my_response(&self, seat: Seat) -> Result<(), RuleError> {
        if self.responder() == Some(seat) {
            Ok(())
        } else {
            Err(RuleError::new("saizumi-rule-not-your-response"))
        }
    }

    /// P1: reveal up to three cards; visitors are set aside, stones wait to be placed.
    pub(super) fn reveal(&mut self, events: &mut Vec<Event>) {
        let n = REVEAL.min(self.deck.len());
        if n == 0 {
            // The safeguard of §4: an empty deck ends the game.
            self.finish(events);
            return;
        }
        self.revealed = self.deck.drain(..n).collect();
        self.to_place.clear();
        for (i, drawn) in self.revealed.iter().enumerate() {
            match *drawn {
                Drawn::Visitor => {
                    self.visitors_seen += 1;
                    self.checks_pending += 1;
                }
                Drawn::Stone(card) => self.to_place.push((i as u32 + 1, card)),
            }
        }
        events.push(Event::Revealed {
            player: self.active,
            cards: self.revealed.clone(),
        });
        self.phase = Phase::Place;
    }

    pub(super) fn drawn_text(&self, drawn: Drawn) -> String {
        match drawn {
            Drawn::Stone(card) => self.kind(card).id.clone(),
            Drawn::Visitor => view::VISITOR.to_owned(),
        }
    }

    /// Runs the automatic steps (P1, P3a, P3c and the skips) until a seat must act or the game ends.
    pub(super) fn proceed(&mut self, dice: &mut dyn Dice, events: &mut Vec<Event>) {
        loop {
            match &self.phase {
                Phase::Place => {
                    if !self.playing[self.active] {
                        // A resigned active player's stones go where a timeout would put them.
                        while let Some(&(stone, _)) = self.to_place.first() {
                            self.place(stone, 1, events);
                        }
                    }
                    if !self.to_place.is_empty() {
                        return;
                    }
                    if self.checks_pending > 0 {
                        self.roll(dice, events);
                    } else {
                        self.phase = Phase::Stack;
                    }
                }
                Phase::Respond { queue, at, .. } => {
                    if *at < queue.len() {
                        return;
                    }
                    self.collapse(events);
                    if self.outcome.is_some() {
                        return;
                    }
                    if self.checks_pending > 0 {
                        self.roll(dice, events);
                    } else {
                        self.phase = Phase::Stack;
                    }
                }
                Phase::Stack => {
                    let market_empty = self.market.iter().all(Vec::is_empty);
                    if self.playing[self.active] && !market_empty {
                        return;
                    }
                    self.next_turn(events);
                }
                Phase::Over => return,
            }
        }
    }

    /// P3a: roll four dice and line up the responders: from the seat after the active player
    /// round to the active player, last; seats without piles (or out of the game) are skipped.
    pub(super) fn roll(&mut self, dice: &mut dyn Dice, events: &mut Vec<Event>) {
        let roll = [dice.d6(), dice.d6(), dice.d6(), dice.d6()];
        let n = self.players();
        let queue: Vec<Seat> = (1..=n)
            .map(|i| self.seat_after(i))
            .filter(|&s| self.playing[s] && !self.piles[s].is_empty())
            .collect();
        self.dice = Some(roll);
        events.push(Event::Rolled {
            check: self.checks_done + 1,
            dice: roll,
        });
        self.phase = Phase::Respond {
            dice: roll,
            queue,
            at: 0,
        };
    }

    /// P3c: in every pile the lowest matching card falls with everything above it.
    pub(super) fn collapse(&mut self, events: &mut Vec<Event>) {
        let Phase::Respond { dice, .. } = self.phase else {
            return;
        };
        let c = counts(&dice);
        let mut any = false;
        for seat in 0..self.players() {
            let mut piles = std::mem::take(&mut self.piles[seat]);
            for pile in &mut piles {
                if let Some(pos) = self.lowest_match(&pile.cards, &c) {
                    let fallen = pile.cards.split_off(pos - 1);
                    self.discards.extend(fallen.iter().map(|p| p.card));
                    events.push(Event::Collapsed {
                        player: seat,
                        pile: pile.label,
                        cards: fallen,
                    });
                    any = true;
                }
            }
            piles.retain(|p| !p.cards.is_empty());
            self.piles[seat] = piles;
        }
        if !any {
            events.push(Event::NothingFell);
        }
        self.checks_pending -= 1;
        self.checks_done += 1;
        if usize::from(self.checks_done) >= cards::VISITORS {
            self.finish(events);
        }
    }

    /// `C2b, A2b`.
    pub(super) fn cards_text(&self, cards: &[Placed]) -> String {
        let ids: Vec<String> = cards.iter().map(|&p| view::placed_id(self, p)).collect();
        ids.join(", ")
    }

    pub(super) fn place(&mut self, stone: u32, slot: usize, events: &mut Vec<Event>) {
        let Some(i) = self.to_place.iter().position(|(k, _)| *k == stone) else {
            return;
        };
        let (_, card) = self.to_place.remove(i);
        self.market[slot - 1].push(card);
        events.push(Event::Placed {
            player: self.active,
            card,
            slot,
        });
    }

    pub(super) fn use_card(
        &mut self,
        seat: Seat,
        label: u32,
        pos: usize,
        face: Option<u8>,
        dice: &mut dyn Dice,
        events: &mut Vec<Event>,
    ) {
        let Phase::Respond { dice: before, .. } = self.phase else {
            return;
        };
        let Some(index) = self.piles[seat].iter().position(|p| p.label == label) else {
            return;
        };
        let removed = self.piles[seat][index].cards.split_off(pos - 1);
        let chosen = removed[0];
        let effect = self.face(chosen).effect;
        let mut after = before;
        match effect {
            Effect::RerollAll => after = [dice.d6(), dice.d6(), dice.d6(), dice.d6()],
            Effect::Reroll(printed) => {
                let n = printed.or(face).unwrap_or_default();
                for d in after.iter_mut().filter(|d| **d == n) {
                    *d = dice.d6();
                }
            }
            Effect::Set(n) => after = [n; 4],
        }
        events.push(Event::Used {
            player: seat,
            card: chosen,
            face,
            discarded: removed.len(),
            before,
            after,
        });
        if let Phase::Respond { dice: roll, .. } = &mut self.phase {
            *roll = after;
        }
        self.dice = Some(after);
        self.discards.extend(removed.iter().map(|p| p.card));
        if self.piles[seat][index].cards.is_empty() {
            self.piles[seat].remove(index);
        }
    }

    /// P4 done (or skipped): the next seat still playing starts its turn with P1.
    pub(super) fn next_turn(&mut self, events: &mut Vec<Event>) {
        let n = self.players();
        self.active = (1..=n)
            .map(|i| self.seat_after(i))
            .find(|&s| self.playing[s])
            .unwrap_or(self.active);
        self.turn += 1;
        self.reveal(events);
    }

    /// P5: score the piles of the seats still playing; the best total wins, ties share.
    pub(super) fn finish(&mut self, events: &mut Vec<Event>) {
        self.phase = Phase::Over;
        let seats: Vec<Seat> = (0..self.players()).filter(|&s| self.playing[s]).collect();
        let best = seats.iter().map(|&s| self.score(s)).max().unwrap_or(0);
        let winners: Vec<Seat> = seats.into_iter().filter(|&s| self.score(s) == best).collect();
        events.push(Event::GameEnd);
        self.outcome = Some(Outcome::Won { winners });
    }

    /// With three or more players the others play on; a resigned player's piles leave the game
    /// (to the discards); the last one playing wins.
    pub(super) fn resign(&mut self, seat: Seat, events: &mut Vec<Event>) {
        events.push(Event::Resigned { player: seat });
        self.playing[seat] = false;
        let piles = std::mem::take(&mut self.piles[seat]);
        self.discards
            .extend(piles.iter().flat_map(|p| p.cards.iter().map(|c| c.card)));
        let left: Vec<Seat> = (0..self.players()).filter(|&s| self.playing[s]).collect();
        if let [winner] = left[..] {
            self.phase = Phase::Over;
            self.outcome = Some(Outcome::Won {
                winners: vec![winner],
            });
            return;
        }
        if let Phase::Respond { queue, at, .. } = &mut self.phase
            && let Some(i) = queue.iter().position(|&s| s == seat)
        {
            queue.remove(i);
            if i < *at {
                *at -= 1;
            }
        }
    }

    /// Starts the first turn: `new` after setup, tests after building a position.
    pub(super) fn begin(&mut self, dice: &mut dyn Dice) -> Vec<Event> {
        let mut events = vec![];
        self.reveal(&mut events);
        self.proceed(dice, &mut events);
        self.remember(&events);
        events
    }

    pub(super) fn remember(&mut self, events: &[Event]) {
        keep_recent(&mut self.log, events, LOG_LEN);
    }
}

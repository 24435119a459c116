//! How a turn plays out (§3–§5): die 1, the turn's end with its climb or slip, the final round,
//! the roll-off, a win and a resignation.

#[cfg(test)]
use super::Options;
use super::{Dice, Event, Ishigaki, Phase, Roll, RollOff, Seat, rolloff_value};

impl Ishigaki {
    pub(super) fn roll_die1(&mut self, dice: &mut dyn Dice, lines: &mut Vec<Event>) {
        // The log keeps the previous turn and this one.
        self.log.drain(..self.turn_start);
        self.turn_start = self.log.len();
        let d1 = dice.d6();
        self.die1 = Some(d1);
        lines.push(Event::Die1 {
            player: self.active,
            die: d1,
        });
    }

    pub(super) fn finish_turn(&mut self, d1: u8, d2: Option<u8>, lines: &mut Vec<Event>) {
        let mover = self.active;
        let effect = self.effect(mover, d1, d2);
        let player = mover;
        lines.push(match (d2, effect.roll) {
            (None, _) => Event::Stop { player, die1: d1 },
            (Some(die), Roll::Climb(climb)) => Event::Higher {
                player,
                die,
                sum: d1 + die,
                climb,
            },
            (Some(die), Roll::Slip) => Event::Slip { player, die },
            (Some(die), Roll::Doubles) => Event::Doubles { player, die },
        });
        if effect.roll == Roll::Doubles && effect.moves.iter().all(|m| m.from == 0) {
            lines.push(Event::NobodyFalls);
        } else {
            for m in &effect.moves {
                let (player, from, to) = (m.seat, m.from, m.reached);
                lines.push(match effect.roll {
                    Roll::Doubles => Event::Fell { player, from, to },
                    _ => Event::Moved { player, from, to },
                });
                if m.to != m.reached {
                    lines.push(Event::Crumbled {
                        player,
                        from: m.reached,
                        to: m.to,
                    });
                }
            }
        }
        for m in &effect.moves {
            self.squares[m.seat] = m.to;
        }
        self.last_mover = Some(mover);
        if effect.arrives {
            self.arrivals.push(mover);
            lines.push(Event::Arrived {
                player: mover,
                arrival: self.arrivals.len(),
            });
        }
        match &mut self.phase {
            Phase::Race if effect.arrives => {
                let n = self.players();
                let to_play: Vec<Seat> = (1..n)
                    .map(|k| (mover + k) % n)
                    .filter(|&s| self.in_game(s))
                    .collect();
                if let Some(&first) = to_play.first() {
                    lines.push(Event::FinalRound { first });
                }
                self.phase = Phase::FinalRound { to_play };
                self.next_final_turn(lines);
            }
            Phase::Race => self.active = self.next_seat(mover),
            Phase::FinalRound { to_play } => {
                to_play.retain(|&s| s != mover);
                self.next_final_turn(lines);
            }
            // Race turns are only taken in the race and the final round.
            Phase::RollOff(_) | Phase::Over { .. } => {}
        }
    }

    /// Hands the turn to the next final-round player, or settles the race when the lap is done.
    pub(super) fn next_final_turn(&mut self, lines: &mut Vec<Event>) {
        let Phase::FinalRound { to_play } = &self.phase else {
            return;
        };
        if let Some(&next) = to_play.first() {
            self.active = next;
            return;
        }
        if let [winner] = self.arrivals[..] {
            self.win(winner, lines);
        } else {
            let order: Vec<Seat> = self.arrivals.iter().rev().copied().collect();
            lines.push(Event::RollOff { first: order[0] });
            self.active = order[0];
            self.phase = Phase::RollOff(RollOff {
                round: 1,
                order,
                values: vec![],
                out: vec![],
            });
        }
    }

    pub(super) fn finish_rolloff_roll(&mut self, d1: u8, d2: Option<u8>, lines: &mut Vec<Event>) {
        let roller = self.active;
        let value = rolloff_value(d1, d2);
        lines.push(Event::Value {
            player: roller,
            die1: d1,
            die2: d2,
            value,
        });
        self.last_mover = Some(roller);
        if let Phase::RollOff(r) = &mut self.phase {
            r.values.push(value);
        }
        self.close_rolloff_round(lines);
    }

    /// Once every contender of the round has rolled: the unique highest wins, or the tied roll again.
    pub(super) fn close_rolloff_round(&mut self, lines: &mut Vec<Event>) {
        let Phase::RollOff(r) = &mut self.phase else {
            return;
        };
        if r.values.len() == r.order.len() {
            let top = r.values.iter().copied().max().unwrap_or(0);
            let tied: Vec<Seat> = r
                .order
                .iter()
                .zip(&r.values)
                .filter(|&(_, &v)| v == top)
                .map(|(&s, _)| s)
                .collect();
            if let [winner] = tied[..] {
                lines.push(Event::RollOffWon {
                    player: winner,
                    value: top,
                });
                self.win(winner, lines);
                return;
            }
            lines.push(Event::RollOffTie { value: top });
            for (&s, &v) in r.order.iter().zip(&r.values) {
                if v != top {
                    r.out.push((s, v));
                    lines.push(Event::RollOffOut { player: s });
                }
            }
            r.order = tied;
            r.values.clear();
            r.round += 1;
        }
        self.active = r.roller();
    }

    pub(super) fn win(&mut self, winner: Seat, lines: &mut Vec<Event>) {
        self.phase = Phase::Over { winner };
        self.die1 = None;
        lines.push(Event::Won { player: winner });
    }

    /// §7's decision: the ninja leaves the board and its turns and rolls are dropped.
    pub(super) fn resign(&mut self, seat: Seat, lines: &mut Vec<Event>) {
        self.resigned[seat] = true;
        lines.push(Event::Resigned { player: seat });
        let was_active = seat == self.active;
        if was_active {
            self.die1 = None;
        }
        let from_goal = self.at_goal(seat);
        self.arrivals.retain(|&s| s != seat);
        let left: Vec<Seat> = (0..self.players()).filter(|&s| self.in_game(s)).collect();
        if let [last] = left[..] {
            self.win(last, lines);
            return;
        }
        match &mut self.phase {
            Phase::Race => {
                if was_active {
                    self.active = self.next_seat(seat);
                }
            }
            Phase::FinalRound { .. } if from_goal && self.arrivals.is_empty() => {
                lines.push(Event::RaceResumes);
                self.phase = Phase::Race;
            }
            Phase::FinalRound { to_play } => {
                to_play.retain(|&s| s != seat);
                if was_active {
                    self.next_final_turn(lines);
                }
            }
            Phase::RollOff(r) => {
                if let Some(i) = r.order.iter().position(|&s| s == seat) {
                    r.order.remove(i);
                    if i < r.values.len() {
                        r.values.remove(i);
                    }
                    if let [winner] = r.order[..] {
                        self.win(winner, lines);
                    } else {
                        self.close_rolloff_round(lines);
                    }
                }
            }
            Phase::Over { .. } => {}
        }
    }

    /// A position for tests of a rule: squares, the goal group, and whose turn.
    #[cfg(test)]
    pub(crate) fn with_position(
        options: Options,
        squares: &[u8],
        arrivals: &[Seat],
        phase: Phase,
        active: Seat,
    ) -> Self {
        Self {
            options,
            squares: squares.to_vec(),
            resigned: vec![false; squares.len()],
            arrivals: arrivals.to_vec(),
            phase,
            active,
            die1: None,
            last_mover: None,
            log: vec![],
            turn_start: 0,
        }
    }
}

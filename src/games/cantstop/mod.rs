//! Can't Stop — PLACEHOLDER: the helper replaces this file.
use crate::engine::*;
use serde::{Deserialize, Serialize};
use std::ops::RangeInclusive;

pub const PLAYERS: RangeInclusive<usize> = 1..=4;
pub const SWITCHES: &[&str] = &["marker_limit"];

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Options {
    pub marker_limit: bool,
}

#[derive(Clone, Debug)]
pub struct CantStop;

#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    Roll,
}
impl std::fmt::Display for Action {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "roll")
    }
}
impl std::str::FromStr for Action {
    type Err = ();
    fn from_str(_: &str) -> Result<Self, ()> {
        Ok(Action::Roll)
    }
}

impl Game for CantStop {
    type Options = Options;
    type Action = Action;
    fn new(_: &Options, _: usize, _: &mut dyn Dice) -> Result<Self, SetupError> {
        todo!()
    }
    fn to_act(&self) -> Vec<Seat> {
        todo!()
    }
    fn legal_actions(&self, _: Seat) -> Vec<Action> {
        todo!()
    }
    fn apply(&mut self, _: Seat, _: &Action, _: &mut dyn Dice) -> Result<Vec<Msg>, RuleError> {
        todo!()
    }
    fn outcome(&self) -> Option<Outcome> {
        todo!()
    }
    fn label(&self, _: &Action, _: &Tr) -> String {
        todo!()
    }
    fn view(&self, _: Option<Seat>, _: &Tr) -> View {
        todo!()
    }
}

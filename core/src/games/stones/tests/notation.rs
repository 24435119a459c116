//! Action ids, and the notations a person types for them.

use super::*;

#[test]
fn action_ids_round_trip_and_junk_is_unknown() {
    for id in [
        "place a1 ENEENN",
        "place a1 N",
        "place a1 b1 b2 d2",
        "take a7",
        "take b2",
        "end",
        "end remove",
        "resign",
        "place a1",
    ] {
        let action: Action = id.parse().unwrap_or_else(|_| panic!("{id}"));
        assert_eq!(action.to_string(), id);
    }
    // The hint and the log write a chain without `place`: typed so, it is the same chain.
    assert_eq!(
        "a1 ENEENN".parse::<Action>().map(|a| a.to_string()),
        Ok("place a1 ENEENN".into())
    );
    for junk in [
        "",
        "place",
        "a1 X",
        "h1 N",
        "end N",
        "place h1 N",
        "place a8 N",
        "place a1 NX",
        "place a1 b1 x",
        "take",
        "take a0",
        "end now",
        "End",
        "place a1  N",
    ] {
        assert_eq!(junk.parse::<Action>(), Err(UnknownAction), "`{junk}`");
    }
}

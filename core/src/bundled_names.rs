//! The names of the bundled map files (`maps/`), without their text: the
//! page knows them from the start and fetches the text when it needs it
//! (`web/src/library.rs`); the `bundled` feature compiles the text in
//! (`bundled.rs`), from this same list.

/// Calls the macro `$then` with every bundled file's name, sorted: the one
/// list of the bundle.
macro_rules! with_names {
    ($then:ident) => {
        $then![
            "1897.map",
            "1898.map",
            "1900.map",
            "aberration.map",
            "ambition.map",
            "ancmed.map",
            "azov.map",
            "brazilian.map",
            "britain.map",
            "canton.map",
            "chaos.map",
            "chromatic.map",
            "classical.map",
            "crowded.map",
            "empire-up.map",
            "empire.map",
            "fiveman.map",
            "fleetrome.map",
            "hundred.map",
            "imperial.geography",
            "imperial.locations",
            "imperial.map",
            "imperial.military",
            "imperial.politics",
            "loeb9.map",
            "midi.map",
            "milan.map",
            "minorpower.map",
            "modern-up.map",
            "modern.map",
            "pure.map",
            "renaissance.map",
            "sailho.map",
            "sengoku.map",
            "shiftaround.map",
            "shiftleft.map",
            "shiftright.map",
            "slovenia.map",
            "standard.geography",
            "standard.map",
            "standard.military",
            "standard.politics",
            "standard_dutch.map",
            "standard_french.map",
            "standard_german.map",
            "standard_glhetg.map",
            "v8.map",
            "vassal.map",
            "void.map",
            "youngstown.geography",
            "youngstown.locations",
            "youngstown.map",
            "youngstown.military",
            "youngstown.politics",
            "zeus.map",
        ];
    };
}
#[cfg(feature = "bundled")]
pub(crate) use with_names;

macro_rules! names {
    ($($name:literal),* $(,)?) => {
        /// Every bundled file's name, sorted.
        pub const NAMES: &[&str] = &[$($name),*];
    };
}

with_names!(names);

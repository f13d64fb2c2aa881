//! The RULEs judgepad applies, as a type: a map's RULE lines are parsed once
//! into a [`Rulebook`], and the adjudicator, builds and the game loop ask it
//! by [`Rule`], never by string. The validator's lists of rules DPjudge has
//! but judgepad does not apply stay in `map/validate.rs`.

/// A rule judgepad's adjudicator, builds or game loop apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[allow(missing_docs)]
pub enum Rule {
    BlankBoard,
    BuildAny,
    CdBuilds,
    CdDummies,
    CoastalConvoy,
    Hibernate,
    HomeBuilds,
    ImmobileDummies,
    Mobilize,
    NoFactories,
    NoMilitia,
    NoPartisans,
    NoReserves,
    RemoteBuilds,
    SharedVictory,
    VictoryHomes,
}

impl Rule {
    /// Every rule, in the order of their names.
    pub const ALL: [Rule; 16] = [
        Rule::BlankBoard,
        Rule::BuildAny,
        Rule::CdBuilds,
        Rule::CdDummies,
        Rule::CoastalConvoy,
        Rule::Hibernate,
        Rule::HomeBuilds,
        Rule::ImmobileDummies,
        Rule::Mobilize,
        Rule::NoFactories,
        Rule::NoMilitia,
        Rule::NoPartisans,
        Rule::NoReserves,
        Rule::RemoteBuilds,
        Rule::SharedVictory,
        Rule::VictoryHomes,
    ];

    /// The name in map files (`BUILD_ANY`).
    pub const fn name(self) -> &'static str {
        match self {
            Rule::BlankBoard => "BLANK_BOARD",
            Rule::BuildAny => "BUILD_ANY",
            Rule::CdBuilds => "CD_BUILDS",
            Rule::CdDummies => "CD_DUMMIES",
            Rule::CoastalConvoy => "COASTAL_CONVOY",
            Rule::Hibernate => "HIBERNATE",
            Rule::HomeBuilds => "HOME_BUILDS",
            Rule::ImmobileDummies => "IMMOBILE_DUMMIES",
            Rule::Mobilize => "MOBILIZE",
            Rule::NoFactories => "NO_FACTORIES",
            Rule::NoMilitia => "NO_MILITIA",
            Rule::NoPartisans => "NO_PARTISANS",
            Rule::NoReserves => "NO_RESERVES",
            Rule::RemoteBuilds => "REMOTE_BUILDS",
            Rule::SharedVictory => "SHARED_VICTORY",
            Rule::VictoryHomes => "VICTORY_HOMES",
        }
    }

    /// The rule called `name` (upper case), if judgepad applies it.
    pub fn from_name(name: &str) -> Option<Rule> {
        Rule::ALL.into_iter().find(|rule| rule.name() == name)
    }
}

/// The rules in force for a map (after `!RULE` removals).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Rulebook(u32);

impl Rulebook {
    /// The rulebook of a map's effective rule names (unknown names ignored).
    pub fn from_names<'a>(names: impl IntoIterator<Item = &'a str>) -> Rulebook {
        let mut res = Rulebook::default();
        for rule in names.into_iter().filter_map(Rule::from_name) {
            res.0 |= 1 << rule as u32;
        }
        res
    }

    /// The rules of `map`.
    pub fn of(map: &crate::map::Map) -> Rulebook {
        map.rulebook()
    }

    /// Whether `rule` is in force.
    pub const fn has(self, rule: Rule) -> bool {
        self.0 & (1 << rule as u32) != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_are_sorted() {
        for rule in Rule::ALL {
            assert_eq!(Rule::from_name(rule.name()), Some(rule));
        }
        let names: alloc::vec::Vec<&str> = Rule::ALL.iter().map(|it| it.name()).collect();
        let mut sorted = names.clone();
        sorted.sort_unstable();
        assert_eq!(names, sorted);
        let book = Rulebook::from_names(["HIBERNATE", "NOT_A_RULE"]);
        assert!(book.has(Rule::Hibernate) && !book.has(Rule::BuildAny));
    }
}

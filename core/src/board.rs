//! The position on the board: units, dislodged units, supply-centre owners
//! and home centres. Plain data; phases turn one `Board` into the next.

use alloc::vec::Vec;

use crate::map::{LocationId, Map, PowerId, ProvinceId, Unit};

/// A unit and its owner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Piece {
    /// Owner.
    pub power: PowerId,
    /// The unit.
    pub unit: Unit,
}

/// A unit dislodged in the last movement phase, waiting to retreat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dislodged {
    /// The unit (still at its location).
    pub piece: Piece,
    /// Where the unit that dislodged it came from.
    pub attacker_from: Option<ProvinceId>,
    /// Whether that attack came by convoy (then the unit may retreat there: DATC 4.A.5).
    pub by_convoy: bool,
    /// Where it may retreat (computed after the movement phase).
    pub retreats: Vec<LocationId>,
}

/// The position.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Board {
    /// Units on the board (one per province).
    pub pieces: Vec<Piece>,
    /// Units waiting to retreat.
    pub dislodged: Vec<Dislodged>,
    /// Owner of each province's supply centre (indexed by province; `None` = unowned or no SC).
    pub owners: Vec<Option<PowerId>>,
    /// Each power's home centres (indexed by power).
    pub homes: Vec<Vec<ProvinceId>>,
    /// Provinces left vacant by a standoff in the last movement phase.
    pub contested: Vec<ProvinceId>,
}

impl Board {
    /// The map's initial position.
    pub fn initial(map: &Map) -> Board {
        let mut owners = alloc::vec![None; map.provinces.len()];
        let mut pieces = Vec::new();
        for (idx, power) in map.powers.iter().enumerate() {
            let id = PowerId(idx as u32);
            for &center in &power.centers {
                owners[center.0 as usize] = Some(id);
            }
            pieces.extend(power.units.iter().map(|&unit| Piece { power: id, unit }));
        }
        Board {
            pieces,
            dislodged: Vec::new(),
            owners,
            homes: map.powers.iter().map(|power| power.homes.clone()).collect(),
            contested: Vec::new(),
        }
    }

    /// The piece standing in `province` (any coast), if any.
    pub fn piece_in(&self, map: &Map, province: ProvinceId) -> Option<&Piece> {
        self.pieces.iter().find(|piece| map.province_of(piece.unit.location) == province)
    }

    /// The piece in `province`, on the board or dislodged there (whose unit
    /// an order naming that province means).
    pub fn piece_or_dislodged_in(&self, map: &Map, province: ProvinceId) -> Option<&Piece> {
        self.pieces
            .iter()
            .chain(self.dislodged.iter().map(|it| &it.piece))
            .find(|piece| map.province_of(piece.unit.location) == province)
    }

    /// Supply centres owned by `power`.
    pub fn centers_of(&self, power: PowerId) -> impl Iterator<Item = ProvinceId> + '_ {
        self.owners
            .iter()
            .enumerate()
            .filter(move |(_, owner)| **owner == Some(power))
            .map(|(idx, _)| ProvinceId(idx as u32))
    }

    /// Units of `power`.
    pub fn units_of(&self, power: PowerId) -> impl Iterator<Item = &Piece> + '_ {
        self.pieces.iter().filter(move |piece| piece.power == power)
    }
}

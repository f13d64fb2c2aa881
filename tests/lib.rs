//! Shared helpers for the integration suites.

/// xorshift64*: a deterministic generator for property tests, no dependency.
pub struct Rng(pub u64);

impl Rng {
    /// The next number.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number below `n` (0 if `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }
}

/// Whether `drawing` holds `pin`: the pinned province's label within 10
/// units of it (1 % of the 1000-wide box the pins are written in).
pub fn holds(drawing: &judgepad_core::layout::Layout, pin: &judgepad_core::map::pins::Pin) -> bool {
    let label = drawing.provinces[pin.province.0 as usize].label;
    let at = pin.point();
    ((label[0] - at[0]).powi(2) + (label[1] - at[1]).powi(2)).sqrt() <= 10.0
}

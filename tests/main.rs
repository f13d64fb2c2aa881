//! judgepad's integration suites: one binary, one module per data-driven suite.

// The bundled corpus: counts, clean checks, lossless lexing, no panics.
mod corpus;

// The calendar: FLOW, phases, IN/FROM blocks.
mod calendar;

// Map fixtures: expected diagnostics (code and span) and model summaries.
mod diagnostics;

// No panics, spans in bounds: random bytes, shuffled corpus lines, huge inputs.
mod robustness;

// DATC v3.0: every chapter-6 case as data.
mod datc;

// The batch interface (judgepad adjudicate): a random game round trip.
mod batch;

// Variant rules of the map language, on small maps.
mod variants;

// Order text: forms, aliases, coasts, diagnostics.
mod orders;

// The game loop on real variants.
mod game;

// Other formats: nJudge map/seed files and Xconq mapfiles (own fixtures).
mod formats;

// The map drawn from the graph: fidelity, determinism, stability, pins.
mod layout;

// The drawn map against boards whose true geography is known: pins, shape, regions.
mod layout_truth;

// Every region roomy: areas and shapes on the island, bundled and random maps.
mod layout_room;

// Designers' scenarios through `judgepad test`.
mod scenarios;

// What changed in play between versions of a variant (`judgepad diff`).
mod diff;

// Balance at a glance: reach, first neutrals, contact (`judgepad balance`).
mod balance;

// Bot playouts: determinism, symmetric and favoured variants, bundled games.
mod playout;
// Exports: the diplomacy package's dialect and map art, read back.
mod export;

//! A drawing on the wire, in parts (issue 28). A 10,000-province drawing is
//! 11 MB of bincode, and sent as one message it cost the page one task of
//! 120–170 ms: the structured clone, the copy out of it and the decode all
//! grow with the bytes. [`split`] cuts a drawing into a head (what is left
//! once the regions, the borders and the lines' path data are taken out:
//! 0.3 MB on that map) and [`Part`]s of about [`PART`] bytes each; each
//! part is a message of its own, and so a task of its own on the page.
//! [`Assembly`] puts them back together, bit for bit, and the page uses
//! the drawing once it is whole. A drawing of under [`PART`] bytes goes
//! whole, as before.

use std::sync::Arc;

use judgepad_core::layout::{Border, Layout, Region};
use serde::{Deserialize, Serialize};

use crate::bridge::scene::Shapes;

/// About how many bytes a part carries (a task of a few ms on the page).
pub const PART: usize = 256 * 1024;

/// A piece of a drawing the head left out.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Part {
    /// The next regions, from region `first` on, and their SVG points.
    Regions {
        /// The first one's index.
        first: u32,
        /// `Layout::provinces`.
        regions: Vec<Region>,
        /// `Shapes::outlines`.
        outlines: Vec<Arc<str>>,
    },
    /// The next borders, from border `first` on.
    Borders {
        /// The first one's index.
        first: u32,
        /// `Layout::borders`.
        borders: Vec<Border>,
    },
    /// The next stretch of a line's path data (`Shapes::lines`).
    Line {
        /// Which line.
        line: u32,
        /// Its text, to append.
        d: String,
    },
}

/// About how many bytes `region` and its outline are on the wire.
fn region_bytes(region: &Region, outline: &str) -> usize {
    48 + 16 * region.polygon.len() + outline.len()
}

/// About how many bytes `border` is on the wire.
fn border_bytes(border: &Border) -> usize {
    24 + 16 * border.path.len()
}

/// `drawing` and its `shapes` as a head and the parts it leaves out (none
/// for a drawing of under [`PART`] bytes: then the head is whole).
pub fn split(drawing: Layout, shapes: Shapes) -> (Layout, Shapes, Vec<Part>) {
    split_by(drawing, shapes, PART)
}

/// [`split`] into parts of about `part` bytes: the regions with their
/// outlines, then the borders, then the lines' path data; the head keeps
/// the rest (the size, the connectors, the coasts, the pins let go, the
/// lines' classes and the tags).
fn split_by(mut drawing: Layout, mut shapes: Shapes, part: usize) -> (Layout, Shapes, Vec<Part>) {
    let regions_bytes: usize =
        drawing.provinces.iter().zip(&shapes.outlines).map(|(r, o)| region_bytes(r, o)).sum();
    let borders_bytes: usize = drawing.borders.iter().map(border_bytes).sum();
    let lines_bytes: usize = shapes.lines.iter().map(|l| l.d.len()).sum();
    if regions_bytes + borders_bytes + lines_bytes < part {
        return (drawing, shapes, Vec::new());
    }
    let regions = std::mem::take(&mut drawing.provinces);
    let outlines = std::mem::take(&mut shapes.outlines);
    let sized = |(region, outline): &(Region, Arc<str>)| region_bytes(region, outline);
    let mut parts: Vec<Part> = runs(regions.into_iter().zip(outlines).collect(), sized, part)
        .map(|(first, run)| {
            let (regions, outlines) = run.into_iter().unzip();
            Part::Regions { first, regions, outlines }
        })
        .collect();
    let borders = std::mem::take(&mut drawing.borders);
    parts.extend(
        runs(borders, border_bytes, part).map(|(first, borders)| Part::Borders { first, borders }),
    );
    for (idx, line) in shapes.lines.iter_mut().enumerate() {
        let d = std::mem::take(&mut line.d);
        let mut rest = &*d;
        while !rest.is_empty() {
            let mut cut = rest.len().min(part);
            while !rest.is_char_boundary(cut) {
                cut -= 1;
            }
            parts.push(Part::Line { line: idx as u32, d: rest[..cut].to_string() });
            rest = &rest[cut..];
        }
    }
    (drawing, shapes, parts)
}

/// `items` in runs of about `part` bytes (`bytes` sizes each), with the
/// index of each run's first.
fn runs<T>(
    items: Vec<T>,
    bytes: impl Fn(&T) -> usize,
    part: usize,
) -> impl Iterator<Item = (u32, Vec<T>)> {
    let mut runs = Vec::new();
    let (mut run, mut size, mut first) = (Vec::new(), 0, 0);
    for (idx, item) in items.into_iter().enumerate() {
        if size >= part {
            runs.push((first, std::mem::take(&mut run)));
            (size, first) = (0, idx as u32);
        }
        size += bytes(&item);
        run.push(item);
    }
    if !run.is_empty() {
        runs.push((first, run));
    }
    runs.into_iter()
}

/// A drawing coming in: its head, and the parts yet to come.
#[derive(Debug)]
pub struct Assembly {
    drawing: Layout,
    shapes: Shapes,
    /// The lines' path data so far (shared once whole).
    lines: Vec<String>,
    took_ms: f64,
    left: u32,
}

impl Assembly {
    /// Waits for `parts` parts of the drawing `drawing` heads (which took
    /// the worker `took_ms`).
    pub fn new(drawing: Layout, shapes: Shapes, took_ms: f64, parts: u32) -> Assembly {
        let lines = shapes.lines.iter().map(|line| line.d.to_string()).collect();
        Assembly { drawing, shapes, lines, took_ms, left: parts }
    }

    /// Puts `part` in its place (the parts come in order); false if it
    /// does not fit (then the drawing is not whole, and is dropped).
    pub fn add(&mut self, part: Part) -> bool {
        self.left = self.left.saturating_sub(1);
        match part {
            Part::Regions { first, regions, outlines } => {
                let here = self.drawing.provinces.len();
                if first as usize != here || regions.len() != outlines.len() {
                    return false;
                }
                self.drawing.provinces.extend(regions);
                self.shapes.outlines.extend(outlines);
                true
            }
            Part::Borders { first, borders } => {
                if first as usize != self.drawing.borders.len() {
                    return false;
                }
                self.drawing.borders.extend(borders);
                true
            }
            Part::Line { line, d } => match self.lines.get_mut(line as usize) {
                Some(it) => {
                    it.push_str(&d);
                    true
                }
                None => false,
            },
        }
    }

    /// Whether every part is in.
    pub fn whole(&self) -> bool {
        self.left == 0
    }

    /// The drawing, its shapes and how long it took (whole once
    /// [`Assembly::whole`]).
    pub fn finish(mut self) -> (Layout, Shapes, f64) {
        for (line, d) in self.shapes.lines.iter_mut().zip(self.lines) {
            line.d = Arc::from(d);
        }
        (self.drawing, self.shapes, self.took_ms)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::scene;
    use crate::bridge::workspace::Workspace;
    use judgepad_core::layout;

    /// Standard's drawing and shapes (cut in parts of [`SMALL`] bytes, as a
    /// 10,000-province map's in parts of [`PART`]).
    fn standard() -> (Layout, Shapes) {
        let loaded = Workspace::bundled("standard").load();
        let drawing = layout::layout(&loaded.map, &[]);
        let shapes = scene::shapes(&drawing);
        (drawing, shapes)
    }

    /// A part's size for [`standard`].
    const SMALL: usize = 1024;

    #[test]
    fn a_big_drawing_goes_in_parts_and_comes_back_whole() {
        let (drawing, shapes) = standard();
        let (head, head_shapes, parts) = split_by(drawing.clone(), shapes.clone(), SMALL);
        let bytes: usize = shapes.outlines.iter().map(|o| o.len()).sum::<usize>()
            + shapes.lines.iter().map(|l| l.d.len()).sum::<usize>();
        assert!(bytes > 16 * SMALL, "{bytes} bytes of outlines and lines");
        assert!(parts.len() >= 16, "{} parts", parts.len());
        assert!(
            head.provinces.is_empty() && head.borders.is_empty(),
            "the head leaves out the regions and borders"
        );
        assert!(head_shapes.outlines.is_empty(), "and the outlines");
        assert!(head_shapes.lines.iter().all(|l| l.d.is_empty()), "and the lines' paths");
        let head_bytes = bincode::serialize(&(&head, &head_shapes)).unwrap().len();
        for part in &parts {
            let wire = bincode::serialize(part).unwrap();
            assert_eq!(&bincode::deserialize::<Part>(&wire).unwrap(), part, "crosses the wire");
            let bytes = wire.len();
            assert!(bytes <= 2 * SMALL, "a part of {bytes} bytes");
        }
        assert!(head_bytes < bincode::serialize(&(&drawing, &shapes)).unwrap().len() / 20);
        let mut assembly = Assembly::new(head, head_shapes, 5.0, parts.len() as u32);
        let mut parts = parts.into_iter();
        let last = parts.next_back().unwrap();
        for part in parts {
            assert!(assembly.add(part));
        }
        assert!(!assembly.whole(), "a part is missing");
        assert!(assembly.add(last));
        assert!(assembly.whole());
        assert_eq!(assembly.finish(), (drawing, shapes, 5.0), "bit for bit");
    }

    #[test]
    fn a_small_drawing_goes_whole() {
        let (drawing, shapes) = standard();
        let (head, head_shapes, parts) = split(drawing.clone(), shapes.clone());
        assert!(parts.is_empty());
        assert_eq!((head, head_shapes), (drawing, shapes));
    }

    #[test]
    fn a_part_out_of_place_is_refused() {
        let (drawing, shapes) = standard();
        let (head, head_shapes, parts) = split_by(drawing, shapes, SMALL);
        let count = parts.len() as u32;
        let mut assembly = Assembly::new(head, head_shapes, 0.0, count);
        let mut parts = parts.into_iter();
        let first = parts.next().unwrap();
        let Part::Regions { regions, outlines, .. } = first.clone() else {
            panic!("the regions come first")
        };
        // Out of order, or a region without its outline.
        assert!(!assembly.add(Part::Regions {
            first: 5,
            regions: regions.clone(),
            outlines: outlines.clone()
        }));
        assert!(!assembly.add(Part::Regions { first: 0, regions, outlines: Vec::new() }));
        assert!(!assembly.add(Part::Borders { first: 7, borders: Vec::new() }));
        assert!(!assembly.add(Part::Line { line: 99, d: "M0,0".into() }));
        assert!(assembly.add(first), "the first part in its place");
    }
}

//! A drawing on the wire, in parts (issue 28). A 10,000-province drawing is
//! 11 MB of bincode, and sent as one message it cost the page one task of
//! 120–160 ms: the structured clone, the copy out of it and the decode all
//! grow with the bytes. [`split`] cuts a drawing into a head (the drawing
//! without its outlines' points and its lines' paths: the labels, the
//! counts and the pins, which the page reads at once) and [`Part`]s of
//! about [`PART`] bytes each; each part is a message of its own, and so a
//! task of its own on the page. [`Assembly`] puts them back together, bit
//! for bit. A drawing of under [`PART`] bytes goes whole, as before.

use judgepad_core::layout::{Layout, Point};
use serde::{Deserialize, Serialize};

use crate::bridge::scene::Shapes;

/// About how many bytes a part carries (a task of a few ms on the page).
pub const PART: usize = 256 * 1024;

/// A piece of a drawing the head left out.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Part {
    /// Regions from `first` on: their polygons and their SVG points.
    Regions {
        /// The first region's index.
        first: u32,
        /// `Region::polygon` of each.
        polygons: Vec<Vec<Point>>,
        /// `Shapes::outlines` of each.
        outlines: Vec<String>,
    },
    /// Borders from `first` on: their paths.
    Borders {
        /// The first border's index.
        first: u32,
        /// `Border::path` of each.
        paths: Vec<Vec<Point>>,
    },
    /// The next stretch of a line's path data (`Shapes::lines`).
    Line {
        /// Which line.
        line: u32,
        /// Its text, to append.
        d: String,
    },
}

impl Part {
    /// About how many bytes the part is on the wire.
    fn bytes(&self) -> usize {
        match self {
            Part::Regions { polygons, outlines, .. } => {
                polygons.iter().map(|p| 8 + 16 * p.len()).sum::<usize>()
                    + outlines.iter().map(|o| 8 + o.len()).sum::<usize>()
            }
            Part::Borders { paths, .. } => paths.iter().map(|p| 8 + 16 * p.len()).sum(),
            Part::Line { d, .. } => d.len(),
        }
    }
}

/// `drawing` and its `shapes` as a head and the parts it leaves out (none
/// for a drawing of under [`PART`] bytes: then the head is whole).
pub fn split(drawing: Layout, shapes: Shapes) -> (Layout, Shapes, Vec<Part>) {
    split_by(drawing, shapes, PART)
}

/// [`split`] into parts of about `part` bytes.
fn split_by(mut drawing: Layout, mut shapes: Shapes, part: usize) -> (Layout, Shapes, Vec<Part>) {
    let outlines_bytes: usize = shapes.outlines.iter().map(String::len).sum();
    let lines_bytes: usize = shapes.lines.iter().map(|l| l.d.len()).sum();
    if outlines_bytes + lines_bytes < part {
        return (drawing, shapes, Vec::new());
    }
    let mut parts = Vec::new();
    // Regions: polygons and outlines together, as many as fill a part.
    let mut outlines = std::mem::take(&mut shapes.outlines).into_iter();
    shapes.outlines = vec![String::new(); drawing.provinces.len()];
    let mut open = Part::Regions { first: 0, polygons: Vec::new(), outlines: Vec::new() };
    for (idx, region) in drawing.provinces.iter_mut().enumerate() {
        if open.bytes() >= part {
            let next =
                Part::Regions { first: idx as u32, polygons: Vec::new(), outlines: Vec::new() };
            parts.push(std::mem::replace(&mut open, next));
        }
        if let Part::Regions { polygons, outlines: out, .. } = &mut open {
            polygons.push(std::mem::take(&mut region.polygon));
            out.push(outlines.next().unwrap_or_default());
        }
    }
    parts.push(open);
    let mut open = Part::Borders { first: 0, paths: Vec::new() };
    for (idx, border) in drawing.borders.iter_mut().enumerate() {
        if open.bytes() >= part {
            parts.push(std::mem::replace(
                &mut open,
                Part::Borders { first: idx as u32, paths: Vec::new() },
            ));
        }
        if let Part::Borders { paths, .. } = &mut open {
            paths.push(std::mem::take(&mut border.path));
        }
    }
    parts.push(open);
    for (idx, line) in shapes.lines.iter_mut().enumerate() {
        let d = std::mem::take(&mut line.d);
        let mut rest = d.as_str();
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

/// A drawing coming in: its head, and the parts yet to come.
#[derive(Debug)]
pub struct Assembly {
    drawing: Layout,
    shapes: Shapes,
    took_ms: f64,
    left: u32,
}

impl Assembly {
    /// Waits for `parts` parts of the drawing `drawing` heads (which took
    /// the worker `took_ms`).
    pub fn new(drawing: Layout, shapes: Shapes, took_ms: f64, parts: u32) -> Assembly {
        Assembly { drawing, shapes, took_ms, left: parts }
    }

    /// Puts `part` in its place; false if it has none in this drawing
    /// (then the drawing is not whole, and is dropped).
    pub fn add(&mut self, part: Part) -> bool {
        self.left = self.left.saturating_sub(1);
        match part {
            Part::Regions { first, polygons, outlines } => {
                let first = first as usize;
                let (Some(regions), Some(out)) = (
                    self.drawing.provinces.get_mut(first..first + polygons.len()),
                    self.shapes.outlines.get_mut(first..first + outlines.len()),
                ) else {
                    return false;
                };
                if regions.len() != out.len() {
                    return false;
                }
                for (region, polygon) in regions.iter_mut().zip(polygons) {
                    region.polygon = polygon;
                }
                for (slot, outline) in out.iter_mut().zip(outlines) {
                    *slot = outline;
                }
                true
            }
            Part::Borders { first, paths } => {
                let first = first as usize;
                let Some(borders) = self.drawing.borders.get_mut(first..first + paths.len()) else {
                    return false;
                };
                for (border, path) in borders.iter_mut().zip(paths) {
                    border.path = path;
                }
                true
            }
            Part::Line { line, d } => match self.shapes.lines.get_mut(line as usize) {
                Some(it) => {
                    it.d.push_str(&d);
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
    pub fn finish(self) -> (Layout, Shapes, f64) {
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
        let bytes: usize = shapes.outlines.iter().map(String::len).sum::<usize>()
            + shapes.lines.iter().map(|l| l.d.len()).sum::<usize>();
        assert!(bytes > 16 * SMALL, "{bytes} bytes of outlines and lines");
        assert!(parts.len() >= 16, "{} parts", parts.len());
        assert!(
            head.provinces.iter().all(|r| r.polygon.is_empty()),
            "the head leaves out the outlines"
        );
        assert!(head_shapes.lines.iter().all(|l| l.d.is_empty()), "and the lines");
        let head_bytes = bincode::serialize(&(&head, &head_shapes)).unwrap().len();
        for part in &parts {
            let bytes = bincode::serialize(part).unwrap().len();
            assert!(bytes <= 2 * SMALL, "a part of {bytes} bytes");
            assert!(bytes > 0);
        }
        assert!(head_bytes < bincode::serialize(&(&drawing, &shapes)).unwrap().len() / 4);
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
        assert!(!assembly.add(Part::Regions {
            first: 75,
            polygons: vec![vec![]; 2],
            outlines: vec![String::new(); 2]
        }));
        assert!(!assembly.add(Part::Borders { first: 1_000_000, paths: vec![vec![]] }));
        assert!(!assembly.add(Part::Line { line: 99, d: "M0,0".into() }));
    }
}

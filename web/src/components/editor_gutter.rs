//! The editor's line numbers: those of the lines drawn, each as tall as
//! the rows its line takes (soft wrap), moved with the text's scroll.

use leptos::prelude::*;

use crate::editor_box::{LINE, px};

/// The numbers of lines `first..first + count` (0-based), line `n` taking
/// `tops[n + 1] - tops[n]` rows; `shift` moves them with the scroll.
#[component]
pub fn EditorGutter(
    /// The first line drawn and how many.
    window: Signal<(usize, usize)>,
    /// The first row of each line, then the number of rows
    /// (`bridge::wrap::tops`).
    tops: Memo<Vec<usize>>,
    /// The CSS transform that follows the scroll.
    shift: Signal<String>,
) -> impl IntoView {
    let numbers = move || {
        let (first, count) = window.get();
        tops.with(|tops| {
            let lines = tops.len().saturating_sub(1);
            (first.min(lines)..(first + count).min(lines))
                .map(|n| (n, tops[n + 1] - tops[n]))
                .collect::<Vec<_>>()
        })
    };
    view! {
        <div class="gutter" aria-hidden="true">
            <div style:transform=shift>
                <For each=numbers key=|line: &(usize, usize)| *line let:line>
                    <div class="num" style:height=px(line.1 as f64 * LINE)>
                        {line.0 + 1}
                    </div>
                </For>
            </div>
        </div>
    }
}

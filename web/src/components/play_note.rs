//! What the game panel says about the game's replay: Stop while a long
//! replay goes in steps (the game goes on from the phases replayed so
//! far), the game's note (the map changed under it, a replay stopped) and,
//! after a stop, Replay them to play the phases set aside.

use leptos::prelude::*;

use crate::play::Play;

/// The replay's Stop and the game's note (`data-testid="play-note"`).
#[component]
pub fn PlayNote(play: Play) -> impl IntoView {
    let stop = move |_| {
        if let Some(kept) = crate::replaying::stop() {
            play.log.update(|log| log.truncate(kept));
        }
    };
    let note = move || {
        play.session.with(|s| {
            let s = s.as_ref()?;
            Some((s.note.clone()?, crate::replaying::set_aside(s)))
        })
    };
    // The button made once a replay, not at each step of its progress.
    let replaying = Memo::new(move |_| crate::replaying::progress().is_some());
    view! {
        {move || replaying.get().then(|| view! {
            <p class="play-note">
                <button type="button" data-testid="replay-stop" on:click=stop>"Stop the replay"</button>
            </p>
        })}
        {move || note().map(|(note, rest)| view! {
            <p class="play-note" data-testid="play-note">
                {note}
                {rest.map(|rest| view! {
                    " "
                    <button type="button" data-testid="replay-resume"
                        on:click=move |_| play.log.update(|log| log.extend(rest.iter().cloned()))>
                        "Replay them"
                    </button>
                })}
            </p>
        })}
    }
}

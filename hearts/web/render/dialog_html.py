"""The HTML inside each dialog, made from its view model (:mod:`hearts.view.dialog_views`)."""

from __future__ import annotations

from ...enums import Phase, Result
from ...view import Summary, SummaryRow
from ...view.dialog_views import HelpView, MenuView, NewGameView, NoticesView, StatsView, TabView
from .card_html import escape
from .stats_bars import PARTS, bar
from .words import unbroken

TAB_DIALOG = "dlg-tab"
# Dialogs open at their top: in the longer ones the heading takes the focus (autofocus),
# not a control further down that would scroll the title away; Tab goes on from there.
# The short menu focuses its first button, the summary its Continue button.


def _button(intent: str, label: str, kind: str = "", extra: str = "") -> str:
    cls = f"btn {kind}".strip()
    return (
        f'<button type="button" class="{cls}" data-intent="{intent}"{extra}>'
        f"{escape(label)}</button>"
    )


def _head(close: str, heading: str) -> str:
    """The dialog's heading with a close button beside it: a header that stays in view
    while a long dialog scrolls, the text passing under it, never under the button."""
    return (
        f'<div class="dlg-head"><button type="button" class="dlg-x" data-intent="close" '
        f'aria-label="{escape(close)}"><span aria-hidden="true">×</span></button>'
        f"{heading}</div>"
    )


def _title(element_id: str, text: str) -> str:
    """A longer dialog's heading: it takes the focus, so the dialog opens at its top."""
    return f'<h2 id="{element_id}" tabindex="-1" autofocus>{escape(text)}</h2>'


def _buttons(*buttons: str) -> str:
    return f'<div class="buttons">{"".join(buttons)}</div>'


# A short celebration on a win: hearts that burst from the result line (CSS only; none under
# reduced motion).
_BURST = (
    '<span class="burst" aria-hidden="true">'
    + "".join(f'<i class="b{i}">♥</i>' for i in range(1, 9))
    + "</span>"
)


def _summary_row(r: SummaryRow, winner_label: str) -> str:
    marks = (("you", r.you), ("lowest", r.lowest), ("first", r.place == 1))
    classes = " ".join(c for c, on in marks if on)
    place = ""
    if r.place:
        word = f'<span class="crown-word">{escape(winner_label)}</span>'
        mark = f' <span class="crown">★ {word}</span>' if r.place == 1 else ""
        place = f'<td class="place">{r.place}.{mark}</td>'
    return (
        f'<tr class="{classes}">{place}'
        f'<th scope="row">{escape(r.name)}</th><td>{r.hand}</td><td>{r.total}</td></tr>'
    )


def summary(s: Summary, update_ready: bool = False) -> str:
    """The end-of-hand or end-of-game dialog: points, totals, moon, result (R4, R33, R38)."""
    head = "".join(f'<th scope="col">{escape(c)}</th>' for c in s.columns)
    rows = "".join(_summary_row(r, s.winner_label) for r in s.rows)
    result = ""
    if s.result:
        burst = _BURST if s.result == Result.WIN else ""
        # Who won, then (after a loss) your place: a sentence each, the second a line of its own.
        placed = f' <span class="placed">{unbroken(s.place_text)}</span>' if s.place_text else ""
        result = (
            f'<p class="result result-{escape(s.result)}">{burst}'
            f"<span>{unbroken(s.result_text)}</span>{placed}</p>"
        )
    target = f'<p class="target">{escape(s.target_text)}</p>' if s.target_text else ""
    moon = ""
    if s.moon:
        moon = f'<p class="moon"><span aria-hidden="true">☾ </span>{unbroken(s.moon)}</p>'
    nxt = f'<p class="next">{escape(s.next_text)}</p>' if s.next_text else ""
    update = ""
    if update_ready:  # between hands is the safe moment to take a new version
        apply = _button("update", s.update_button, "small")
        update = f'<p class="update">{escape(s.update_text)} {apply}</p>'
    menu = _button("menu", s.menu) if s.kind == Phase.GAME_OVER else ""
    go_on = _button(s.action, s.button, "primary", " autofocus")
    return (
        f'<h2 id="dlg-summary-title">{escape(s.title)}</h2>{result}{moon}'
        f'<table class="scores"><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>'
        f"{nxt}{target}{update}{_buttons(menu, go_on)}"
    )


def _pressed(on: bool) -> str:
    return "true" if on else "false"


def menu(m: MenuView) -> str:
    langs = "".join(
        f'<button type="button" class="btn lang-btn" data-intent="lang" data-lang="{c.value}" '
        f'lang="{c.value}" aria-pressed="{_pressed(c.chosen)}">'
        f"{escape(c.label)}</button>"
        for c in m.langs
    )
    # Sound and the four-colour deck are switches, on or off (U10, U11): a screen reader
    # says "switch, on", and the track and knob beside the name show it without colour.
    switches = "".join(
        f'<button type="button" class="btn switch-btn" role="switch" data-intent="{c.value}" '
        f'aria-checked="{_pressed(c.chosen)}">{escape(c.label)}</button>'
        for c in m.switches
    )
    items = "".join(  # the first item takes the focus, not the close button above it
        f"<li>{_button(action, label, extra=' autofocus' if action == 'open-newgame' else '')}</li>"
        for action, label in (
            ("open-newgame", m.new_game),
            ("open-stats", m.stats),
            ("open-help", m.help),
        )
    )
    heading = f'<h2 id="dlg-menu-title">{escape(m.title)}</h2>'
    return (
        f"{_head(m.close, heading)}"
        f'<ul class="menu-list">{items}</ul>'
        f'<div class="lang-switch" role="group" aria-labelledby="lang-label">'
        f'<span id="lang-label" class="label">{escape(m.language)}</span>{langs}</div>'
        f'<div class="lang-switch options" role="group" aria-labelledby="options-label">'
        f'<span id="options-label" class="label">{escape(m.options)}</span>{switches}</div>'
        f"{_buttons(_button('close', m.close))}"
    )


def new_game(v: NewGameView) -> str:
    """The new-game dialog (R5); while confirming it asks before abandoning a game (R37)."""
    radios = "".join(
        f'<label class="radio"><input type="radio" name="level" value="{c.value}" '
        f'data-intent="level"{" checked" if c.chosen else ""}> {escape(c.label)}</label>'
        for c in v.levels
    )
    current = f'<p class="note">{escape(v.current)}</p>' if v.current else ""
    if v.confirming:
        actions = f'<p class="confirm" role="alert">{escape(v.confirm)}</p>' + _buttons(
            _button("abandon", v.abandon, "danger"), _button("keep", v.keep)
        )
    else:
        actions = _buttons(_button("start-new", v.start, "primary"), _button("close", v.close))
    return (
        f"{_head(v.close, _title('dlg-newgame-title', v.title))}"
        f'<fieldset class="levels"><legend>{escape(v.legend)}</legend>{radios}</fieldset>'
        f'<p class="note">{escape(v.applies)}</p>{current}{actions}'
    )


def stats(v: StatsView) -> str:
    """Statistics per difficulty and total time (R36); reset asks first."""
    # One column per difficulty, one row per count: the long words ("Unentschieden") stand
    # in the first column, so the table fits a 360 px phone without breaking any of them.
    # Under the counts, in the table's foot, a bar per level of its wins, draws and losses
    # (:mod:`.stats_bars`); the rows of the three results carry a swatch of their part (key-win…).
    head = "".join(f'<th scope="col">{escape(r.label)}</th>' for r in v.rows)
    counts = zip(v.columns, *((r.played, r.won, r.lost, r.drawn) for r in v.rows), strict=True)
    keys = ("", *(f' class="key-{kind}"' for kind in PARTS))  # played has no part
    body = "".join(
        f'<tr><th scope="row"{key}>{escape(label)}</th>'
        f"{''.join(f'<td>{n}</td>' for n in numbers)}</tr>"
        for key, (label, *numbers) in zip(keys, counts, strict=True)
    )
    bars = "".join(f"<td>{bar(r, i)}</td>" for i, r in enumerate(v.rows))
    foot = f'<tfoot><tr class="bars"><th scope="row">{escape(v.results)}</th>{bars}</tr></tfoot>'
    if v.confirming:
        actions = f'<p class="confirm" role="alert">{escape(v.confirm)}</p>' + _buttons(
            _button("reset-yes", v.reset_yes, "danger"),
            _button("reset-no", v.cancel),
        )
    else:
        actions = _buttons(_button("reset", v.reset), _button("close", v.close, "primary"))
    return (
        f"{_head(v.close, _title('dlg-stats-title', v.title))}"
        f'<table class="stats"><thead><tr><th scope="col">{escape(v.level_heading)}</th>{head}'
        f'</tr></thead><tbody>{body}</tbody>{foot}</table><p class="time">{escape(v.time_text)}</p>'
        f"{actions}"
    )


def help_text(v: HelpView) -> str:
    rules = "".join(f"<li>{unbroken(p)}</li>" for p in v.rules)
    tips = "".join(f"<li>{unbroken(p)}</li>" for p in v.tips)
    return (
        f"{_head(v.close, _title('dlg-help-title', v.title))}"
        f'<div class="help-body"><h3>{escape(v.rules_title)}</h3>'
        f"<ul>{rules}</ul><p>{unbroken(v.controls)}</p>"
        f'<p class="fair">{unbroken(v.fair)}</p>'
        f"<h3>{escape(v.tips_title)}</h3><ul>{tips}</ul></div>"
        f"{_buttons(_button('close', v.close, 'primary'))}"
    )


def notices(v: NoticesView) -> str:
    if not v.messages:
        return ""
    items = "".join(f"<p>{escape(m)}</p>" for m in v.messages)
    return f'<div class="notice-box">{items}{_button("dismiss", v.dismiss, "small")}</div>'


def other_tab(v: TabView) -> str:
    """The inner HTML of the "open in another tab" dialog."""
    return (
        f'<h2 id="{TAB_DIALOG}-title">{escape(v.title)}</h2><p>{escape(v.message)}</p>'
        f"{_buttons(_button('take-over', v.take_over, 'primary'))}"
    )

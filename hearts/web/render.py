"""HTML for each region of the page, built from the view model (pure, no browser).

The shell sets each region's HTML in one assignment and only when it changed.  No
``style=`` attributes anywhere: the CSP (netlify.toml) has no 'unsafe-inline' for styles,
so every look is a class in static/css/hearts.css.  All text is escaped.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache, partial
from html import escape

from .. import i18n
from ..enums import LEVELS
from ..stats import Stats
from ..view import CardFace, HandCard, Plate, Summary, TableView, TrickCard

# Pip positions of the number cards: (column, row) on a 3 × 13 grid, rows 0…12 (R30 look).
_SIDES = (("l", 0), ("r", 0), ("l", 12), ("r", 12))
PIPS: dict[int, tuple[tuple[str, int], ...]] = {
    2: (("c", 0), ("c", 12)),
    3: (("c", 0), ("c", 6), ("c", 12)),
    4: _SIDES,
    5: (*_SIDES, ("c", 6)),
    6: (*_SIDES, ("l", 6), ("r", 6)),
    7: (*_SIDES, ("l", 6), ("r", 6), ("c", 3)),
    8: (*_SIDES, ("l", 6), ("r", 6), ("c", 3), ("c", 9)),
    9: (*_SIDES, ("l", 4), ("r", 4), ("l", 8), ("r", 8), ("c", 6)),
    10: (*_SIDES, ("l", 4), ("r", 4), ("l", 8), ("r", 8), ("c", 2), ("c", 10)),
}
ARROWS = {"left": "←", "right": "→", "across": "↑", "hold": "•"}


def e(value: object) -> str:
    return escape(str(value), quote=True)


def suit_svg(suit: str, cls: str = "pip") -> str:
    return f'<svg class="{cls}" focusable="false"><use href="#s-{suit}"></use></svg>'


@lru_cache(maxsize=512)  # 52 cards × 2 languages: built once, reused on every draw
def card_face(f: CardFace) -> str:
    """The inside of a card: two corner indices and the centre (pips, court or ace)."""
    corner = f'<b class="rk">{e(f.index)}</b>{suit_svg(f.suit, "pip ix")}'
    if f.rank in PIPS:
        pips = "".join(
            f'<span class="p px-{x} py-{y}{" flip" if y > 6 else ""}">{suit_svg(f.suit)}</span>'
            for x, y in PIPS[f.rank]
        )
        middle = f'<span class="pips">{pips}</span>'
    elif f.rank == 14:
        middle = f'<span class="ace">{suit_svg(f.suit)}</span>'
    else:
        middle = (
            f'<span class="court"><b class="cl">{e(f.index)}</b>'
            f"{suit_svg(f.suit, 'pip cp')}{suit_svg(f.suit, 'pip cp2')}</span>"
        )
    return f'<span class="corner tl">{corner}</span>{middle}<span class="corner br">{corner}</span>'


def _colour(f: CardFace) -> str:
    return "red" if f.red else "black"


def hand_card(card: HandCard, focus: bool) -> str:
    f = card.face
    classes = ["card", "hcard", _colour(f), f"s-{f.suit}"]
    attrs = [f'data-card="{e(f.code)}"', f'aria-label="{e(card.label)}"']
    if card.blocked:
        classes.append("blocked")
    if card.lifted:
        classes.append("lifted")
    if card.selected:
        classes.append("selected")
    if card.received:
        classes.append("received")
    if card.blocked or card.inert:
        attrs.append('aria-disabled="true"')
    if card.playable:
        attrs.append(f'aria-pressed="{"true" if card.selected or card.lifted else "false"}"')
    attrs.append(f'tabindex="{0 if focus else -1}"')
    badge = '<span class="rcv" aria-hidden="true">★</span>' if card.received else ""
    return (
        f'<button type="button" class="{" ".join(classes)}" {" ".join(attrs)}>'
        f'<span class="face" aria-hidden="true">{card_face(f)}</span>{badge}</button>'
    )


def hand(cards: Sequence[HandCard], focus_code: str | None) -> str:
    """Your 13 (or fewer) cards as buttons; exactly one has tabindex 0 (roving focus)."""
    codes = [c.face.code for c in cards]
    if focus_code not in codes:
        focus_code = next(
            (c.face.code for c in cards if c.lifted),
            next((c.face.code for c in cards if c.playable), codes[0] if codes else None),
        )
    return "".join(hand_card(c, c.face.code == focus_code) for c in cards)


def hand_class(count: int) -> str:
    return f"hand n{count}"


def trick_card(card: TrickCard, extra: str = "") -> str:
    classes = ["card", "tcard", _colour(card.face), f"at-{card.position}"]
    if card.winner:
        classes.append("winner")
    if card.last:
        classes.append("last")
    if extra:
        classes.append(extra)
    return (
        f'<div class="{" ".join(classes)}" role="img" aria-label="{e(card.label)}">'
        f'<span class="face" aria-hidden="true">{card_face(card.face)}</span></div>'
    )


def center(v: TableView) -> str:
    """The middle of the felt: the pass panel, or the trick (and the one just gathered)."""
    panel = v.pass_panel
    if panel is not None:
        disabled = "" if panel.enabled else " disabled"
        return (
            f'<div class="pass-panel dir-{e(panel.direction)}">'
            f'<p class="pass-prompt">{e(panel.prompt)}</p>'
            f'<p class="pass-count">{e(panel.count_text)}</p>'
            f'<button type="button" class="btn primary pass-btn" data-action="confirm-pass"'
            f"{disabled}>"
            f'<span class="arrow" aria-hidden="true">{ARROWS[panel.direction]}</span> '
            f"{e(panel.button)}</button></div>"
        )
    cards = "".join(trick_card(c) for c in v.trick)
    ghosts = "".join(trick_card(c, f"ghost to-{v.gathered_to}") for c in v.gathered)
    return f'<div class="trick">{ghosts}{cards}</div>'


def plate(p: Plate, backs: bool = True) -> str:
    status = ""
    if p.status:
        icon = "✓ " if p.status == "passed" else ""
        status = f'<p class="seat-status st-{p.status}">{icon}{e(p.status_text)}</p>'
    meta = e(p.cards_text) if p.seat != 0 else ""
    fan = ""
    if backs and p.seat != 0:
        fan = (
            f'<div class="backs n{p.cards}" aria-hidden="true">'
            + '<span class="back"></span>' * p.cards
            + "</div>"
        )
    return (
        f'<div class="plate{" active" if p.status == "to_act" else ""}">'
        f'<h2 class="seat-name">{e(p.name)}</h2>'
        f'<p class="seat-score"><span class="num">{p.score}</span> '
        f'<span class="unit">{e(_unit(p))}</span></p>'
        + (f'<p class="seat-meta">{meta}</p>' if meta else "")
        + status
        + "</div>"
        + fan
    )


def _unit(p: Plate) -> str:
    # "12 points" → the unit part only; the number is drawn large.
    return p.score_text.replace(str(p.score), "", 1).strip()


def status_bar(v: TableView) -> str:
    return (
        f'<span class="hand-no">{e(v.hand_label)}</span>'
        f'<span class="dir dir-{e(v.direction)}"><span class="arrow" aria-hidden="true">'
        f"{ARROWS[v.direction]}</span> {e(v.direction_label)}</span>"
        f'<span class="level">{e(v.level_label)}</span>'
    )


def summary(s: Summary, lang: str, update_ready: bool = False) -> str:
    """The end-of-hand or end-of-game dialog: points, totals, moon, result (R4, R33, R38)."""
    t = _t(lang)
    head = (
        f'<thead><tr><th scope="col">{e(t("summary.seat"))}</th>'
        f'<th scope="col">{e(t("summary.hand"))}</th>'
        f'<th scope="col">{e(t("summary.total"))}</th></tr></thead>'
    )
    rows = "".join(
        f'<tr class="{"you" if r.you else ""}{" lowest" if r.lowest else ""}">'
        f'<th scope="row">{e(r.name)}</th><td>{r.hand}</td><td>{r.total}</td></tr>'
        for r in s.rows
    )
    result = ""
    if s.result:
        result = f'<p class="result result-{e(s.result)}">{e(s.result_text)}</p>'
    moon = f'<p class="moon"><span aria-hidden="true">☾ </span>{e(s.moon)}</p>' if s.moon else ""
    nxt = f'<p class="next">{e(s.next_text)}</p>' if s.next_text else ""
    update = ""
    if update_ready:  # between hands is the safe moment to take a new version (issue 5)
        update = (
            f'<p class="update">{e(t("update.ready"))} '
            f'<button type="button" class="btn small" data-action="update">'
            f"{e(t('update.apply'))}</button></p>"
        )
    menu = ""
    if s.kind == "game_over":  # the difficulty of the next game is chosen in the menu (R5)
        menu = f'<button type="button" class="btn" data-action="menu">{e(t("menu"))}</button>'
    return (
        f'<h2 id="dlg-summary-title">{e(s.title)}</h2>{result}{moon}'
        f'<table class="scores">{head}<tbody>{rows}</tbody></table>{nxt}{update}'
        f'<div class="actions">{menu}<button type="button" class="btn primary" '
        f'data-action="{e(s.action)}" autofocus>{e(s.button)}</button></div>'
    )


def _t(lang: str) -> Callable[..., str]:
    return partial(i18n.text, lang)


def menu(lang: str) -> str:
    t = _t(lang)
    langs = "".join(
        f'<button type="button" class="btn lang-btn" data-action="lang" data-lang="{code}" '
        f'lang="{code}" aria-pressed="{"true" if code == lang else "false"}">'
        f"{e(t('lang.' + code))}</button>"
        for code in i18n.LANGS
    )
    return (
        f'<h2 id="dlg-menu-title">{e(t("menu.title"))}</h2>'
        '<ul class="menu-list">'
        f'<li><button type="button" class="btn" data-action="open-newgame">'
        f"{e(t('menu.new_game'))}</button></li>"
        f'<li><button type="button" class="btn" data-action="open-stats">'
        f"{e(t('menu.stats'))}</button></li>"
        f'<li><button type="button" class="btn" data-action="open-help">'
        f"{e(t('menu.help'))}</button></li></ul>"
        f'<div class="lang-switch" role="group" aria-labelledby="lang-label">'
        f'<span id="lang-label" class="label">{e(t("menu.language"))}</span>{langs}</div>'
        f'<div class="actions"><button type="button" class="btn" data-action="close">'
        f"{e(t('close'))}</button></div>"
    )


def new_game(lang: str, next_level: str, current_level: str | None, confirming: bool) -> str:
    """The new-game dialog (R5); ``confirming`` asks before abandoning a game (R37)."""
    t = _t(lang)
    radios = "".join(
        f'<label class="radio"><input type="radio" name="level" value="{lvl}" '
        f'data-action="level"{" checked" if lvl == next_level else ""}> '
        f"{e(t('level.' + lvl))}</label>"
        for lvl in LEVELS
    )
    current = ""
    if current_level is not None:
        current = (
            f'<p class="note">{e(t("newgame.current", level=t("level." + current_level)))}</p>'
        )
    if confirming:
        actions = (
            f'<p class="confirm" role="alert">{e(t("newgame.confirm"))}</p>'
            f'<div class="actions"><button type="button" class="btn danger" '
            f'data-action="abandon">{e(t("newgame.abandon"))}</button>'
            f'<button type="button" class="btn" data-action="keep" autofocus>'
            f"{e(t('newgame.keep'))}</button></div>"
        )
    else:
        actions = (
            f'<div class="actions"><button type="button" class="btn primary" '
            f'data-action="start-new">{e(t("newgame.start"))}</button>'
            f'<button type="button" class="btn" data-action="close">{e(t("close"))}</button>'
            "</div>"
        )
    return (
        f'<h2 id="dlg-newgame-title">{e(t("newgame.title"))}</h2>'
        f'<fieldset class="levels"><legend>{e(t("newgame.level"))}</legend>{radios}</fieldset>'
        f'<p class="note">{e(t("newgame.applies"))}</p>{current}{actions}'
    )


def stats(lang: str, s: Stats, confirming: bool) -> str:
    """Statistics per difficulty and total time (R36); reset asks first."""
    t = _t(lang)
    cols = ("stats.played", "stats.won", "stats.lost", "stats.drawn")
    head = "".join(f'<th scope="col">{e(t(c))}</th>' for c in cols)
    body = ""
    for lvl in LEVELS:
        rec = s.level(lvl)
        body += (
            f'<tr><th scope="row">{e(t("level." + lvl))}</th><td>{rec.played}</td>'
            f"<td>{rec.won}</td><td>{rec.lost}</td><td>{rec.drawn}</td></tr>"
        )
    if confirming:
        actions = (
            f'<p class="confirm" role="alert">{e(t("stats.confirm"))}</p>'
            f'<div class="actions"><button type="button" class="btn danger" '
            f'data-action="reset-yes">{e(t("stats.reset_yes"))}</button>'
            f'<button type="button" class="btn" data-action="reset-no" autofocus>'
            f"{e(t('cancel'))}</button></div>"
        )
    else:
        actions = (
            f'<div class="actions"><button type="button" class="btn" data-action="reset">'
            f"{e(t('stats.reset'))}</button>"
            f'<button type="button" class="btn primary" data-action="close">'
            f"{e(t('close'))}</button></div>"
        )
    return (
        f'<h2 id="dlg-stats-title">{e(t("stats.title"))}</h2>'
        f'<table class="stats"><thead><tr><th scope="col">{e(t("stats.level"))}</th>{head}'
        f"</tr></thead><tbody>{body}</tbody></table>"
        f'<p class="time">{e(t("stats.time", time=i18n.duration(lang, s.time_ms)))}</p>'
        f"{actions}"
    )


def help_text(lang: str) -> str:
    t = _t(lang)
    rules = "".join(f"<li>{e(p)}</li>" for p in i18n.paragraphs(lang, "help.rules"))
    tips = "".join(f"<li>{e(p)}</li>" for p in i18n.paragraphs(lang, "help.tips"))
    return (
        f'<h2 id="dlg-help-title">{e(t("help.title"))}</h2>'
        f'<div class="help-body"><h3>{e(t("help.rules_title"))}</h3><ul>{rules}</ul>'
        f"<p>{e(t('help.controls'))}</p>"
        f"<h3>{e(t('help.tips_title'))}</h3><ul>{tips}</ul></div>"
        f'<div class="actions"><button type="button" class="btn primary" data-action="close">'
        f"{e(t('close'))}</button></div>"
    )


def notices(lang: str, keys: Sequence[str]) -> str:
    if not keys:
        return ""
    t = _t(lang)
    items = "".join(f"<p>{e(t(k))}</p>" for k in keys)
    return (
        f'<div class="notice-box">{items}<button type="button" class="btn small" '
        f'data-action="dismiss">{e(t("dismiss"))}</button></div>'
    )

"""A game's receipts: ``content/sources/<game>.toml``, parsed (shared with the Babel extractor).

Where each rule of the rules page comes from, and how sure its reading is — the data behind the
rules page's receipt badges and the game's "Sources and variants" page. A room declares that it has
one (``Room.sources``); the format is described in ``content/sources/README.md``:

- ``[[source]]``: a source, either one of the user's rules cards (``card`` = its language; the
  card's words are quoted in it) or a public work (``title`` in its own language, ``lang``;
  ``url``, ``short``); ``about`` says what it is.
- ``[[rule]]``: one receipt per rule the rules page states: its ``status`` (``STATUSES``), the
  ``cards`` that state it, the public ``sources`` with where in them (``where``: a message when
  the work is English, its own words in Chinese when it is Chinese), the
  ``corrections`` a card needed there and the ``disputes`` the rule takes part in.
- ``[[correction]]``: a card's garbled line (``quotes``, in the card's language), its ``meaning``
  and the reading ``adopted`` (the decisions D1 … D20, G1 … G15 of the canonical rules).
- ``[[dispute]]``: a point the sources disagree on: what each says (``position``), what Paiyou
  plays by default and why, and the table option that plays the other reading, if there is one
  (``option``: a key of the engine's ``GameSpec.variant_options``); the one position that option
  plays says so (``plays_option``).

The table options themselves are the engine's (keys and the rule each changes:
``GameSpec.variant_options``; their words: ``Room.options``); the content says which dispute each
answers and which of its positions it plays, and the page cites that position's sources (the
engine's ``VariantOption.sources`` are English notes for the command line and the API). Every
engine option is answered by exactly one dispute, every dispute's option is the engine's, and such
a dispute has exactly one position playing it, or the file is refused (``ContentError``). The figures that measure each
option (``Measured``) are copied from the benchmark into ``sources/<game>.measured.json`` by
``scripts/variant_figures.py``; the site reads them as data, never the benchmark's code.

Parsing is strict: a reference to a source, correction, dispute or rule that does not exist, a
"corrected" receipt without its correction or a "disputed" one without its dispute raises
``ContentError``, so a broken file fails the tests, never a page. Every translatable text is a
``Text`` of the ``rules`` domain, context ``<game>/sources#<record>``.
"""
from __future__ import annotations

import json
import tomllib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from engine.games import game as game_rules
from engine.spec import VariantOption
from paiyou.content.model import ContentError, Text, parse_text
from paiyou.content.rules import PLACEHOLDERS, RULE_RE, abbreviation
from paiyou.registry import GAME_KEYS, room

__all__ = ["STATUSES", "Source", "Citation", "Receipt", "Correction", "Position", "Dispute", "Option",
           "Sources", "parse", "load", "has_sources", "sources_path", "table_options",
           "Measured", "MeasuredRow", "measured", "measured_of", "measured_path"]

# How sure a rule's reading is, weakest doubt first: the cards say it plainly; a card was garbled
# there and the decisions give the reading; the public sources agree; the sources differ.
STATUSES = ("stated", "corrected", "agreed", "disputed")


@dataclass(frozen=True, slots=True)
class Source:
    id: str
    about: Text
    card: str = ""          # a user's card: its language (BCP 47); "" for a public work
    name: Text | None = None  # a card's name, said in the page's language
    title: str = ""         # a public work's title, in its own language (never translated)
    url: str = ""
    short: str = ""         # a public work's short name, in the tables (its title when not given)
    lang: str = "en"        # a public work's language: that of its title and of the places cited in it

    @property
    def label(self) -> str:
        return self.short or self.title


@dataclass(frozen=True, slots=True)
class Citation:
    source: str
    where: str              # where in the source: a section or term, as the file writes it
    # An English work's place is an English description of a part of it, so it is a message
    # (context "<game>/sources#where") shown in the page's language; a place in a work of another
    # language (Chinese) is the work's own term, shown as written: place is None there.
    place: Text | None = None


@dataclass(frozen=True, slots=True)
class Quote:
    card: str               # the card's source id
    text: str               # its words, in its language, exactly as printed


@dataclass(frozen=True, slots=True)
class Correction:
    id: str                 # the decision's number (d1 … d20, g1 … g15)
    quotes: tuple[Quote, ...]
    meaning: Text
    adopted: Text
    rules: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Position:
    sources: tuple[str, ...]
    says: Text
    plays_option: bool = False  # the reading its dispute's table option plays


@dataclass(frozen=True, slots=True)
class Dispute:
    id: str
    point: Text
    rules: tuple[str, ...]
    positions: tuple[Position, ...]
    default: Text           # what Paiyou plays, and why
    option: str = ""        # the table option playing another position, if any


@dataclass(frozen=True, slots=True)
class Option:
    """A table option as the sources page lists it: the engine's declaration and its dispute."""

    spec: VariantOption     # key (as in the API and the records), rule, sources: the engine's
    dispute: str            # the dispute whose other reading it plays
    position: Position      # that dispute's position it plays: the sources the page cites

    @property
    def key(self) -> str:
        return self.spec.key


@dataclass(frozen=True, slots=True)
class Receipt:
    rule: str
    status: str
    cards: tuple[str, ...]
    citations: tuple[Citation, ...]
    corrections: tuple[str, ...]
    disputes: tuple[str, ...]
    note: Text | None = None


@dataclass(frozen=True, slots=True)
class Sources:
    game: str
    title: Text
    intro: Text
    sources: dict[str, Source]
    receipts: dict[str, Receipt]
    corrections: dict[str, Correction]
    disputes: dict[str, Dispute]
    options: tuple[Option, ...]

    def cards(self) -> list[Source]:
        """The user's cards, in file order."""
        return [source for source in self.sources.values() if source.card]

    def texts(self) -> Iterator[Text]:
        """Every message, in file order of its kind."""
        yield self.title
        yield self.intro
        for source in self.sources.values():
            if source.name is not None:
                yield source.name
            yield source.about
        places: set[str] = set()
        for receipt in self.receipts.values():
            if receipt.note is not None:
                yield receipt.note
            for cited in receipt.citations:
                if cited.place is not None and cited.place.msgid not in places:
                    places.add(cited.place.msgid)
                    yield cited.place
        for correction in self.corrections.values():
            yield correction.meaning
            yield correction.adopted
        for dispute in self.disputes.values():
            yield dispute.point
            yield from (position.says for position in dispute.positions)
            yield dispute.default


class _Reader:
    def __init__(self, game: str, path: str) -> None:
        self.game, self.path = game, path

    def fail(self, where: str, problem: str) -> ContentError:
        return ContentError(f"{self.path}: {where}", problem)

    def text(self, entry: Mapping[str, object], key: str, record: str, note: str) -> Text:
        source = entry.get(key)
        if not isinstance(source, str) or not source.strip():
            raise self.fail(record, f"{key!r} must be a non-empty string")
        return parse_text(" ".join(source.split()), f"{self.game}/sources#{record}", PLACEHOLDERS,
                          f"{self.path}: {record}", note=note)

    def strings(self, entry: Mapping[str, object], key: str, record: str) -> tuple[str, ...]:
        value = entry.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
            raise self.fail(record, f"{key!r} must be a list of strings")
        return tuple(value)

    def rule(self, rule: str, record: str) -> str:
        match = RULE_RE.match(rule)
        if not match or match.group(1) != abbreviation(self.game):
            raise self.fail(record, f"{rule!r} is not a rule of {self.game}")
        return rule

    def read(self, data: Mapping[str, object]) -> Sources:
        unknown = set(data) - {"title", "intro", "source", "rule", "correction", "dispute"}
        if unknown:
            raise self.fail("top level", f"unknown keys {sorted(unknown)}")
        sources = {s.id: s for s in map(self.source, self.records(data, "source"))}
        corrections = {c.id: c for c in (self.correction(e, sources) for e in self.records(data, "correction"))}
        disputes = {d.id: d for d in (self.dispute(e, sources) for e in self.records(data, "dispute"))}
        options = self.options(disputes)
        receipts: dict[str, Receipt] = {}
        for entry in self.records(data, "rule"):
            receipt = self.receipt(entry, sources, corrections, disputes)
            if receipt.rule in receipts:
                raise self.fail(receipt.rule, "a second receipt for the rule")
            receipts[receipt.rule] = receipt
        for correction in corrections.values():
            for rule in correction.rules:
                if correction.id not in receipts.get(rule, Receipt(rule, "", (), (), (), ())).corrections:
                    raise self.fail(correction.id, f"{rule}'s receipt does not name this correction")
        return Sources(self.game, self.text(data, "title", "title", "page title"),
                       self.text(data, "intro", "intro", "page introduction"),
                       sources, receipts, corrections, disputes, options)

    def records(self, data: Mapping[str, object], kind: str) -> list[Mapping[str, object]]:
        found = data.get(kind, [])
        if not isinstance(found, list) or not all(isinstance(e, dict) for e in found):
            raise self.fail(kind, f"[[{kind}]] must be tables")
        return found

    def ident(self, entry: Mapping[str, object], kind: str, key: str = "id") -> str:
        value = entry.get(key)
        if not isinstance(value, str) or not value:
            raise self.fail(kind, f"a [[{kind}]] without its {key!r}")
        return value

    def source(self, entry: Mapping[str, object]) -> Source:
        sid = self.ident(entry, "source")
        about = self.text(entry, "about", f"source-{sid}", "what a source is")
        card = entry.get("card", "")
        if card:
            if not isinstance(card, str) or "title" in entry:
                raise self.fail(sid, "a card has a language (card) and a name, not a title")
            return Source(sid, about, card=card, name=self.text(entry, "name", f"source-{sid}", "a card's name"))
        title, url, short = entry.get("title"), entry.get("url", ""), entry.get("short", "")
        lang = entry.get("lang", "en")
        if not all(isinstance(v, str) for v in (title, url, short, lang)) or not title or not lang:
            raise self.fail(sid, "a public source has a title (and may have a url, a short name and a lang)")
        return Source(sid, about, title=str(title), url=str(url), short=str(short), lang=str(lang))

    def correction(self, entry: Mapping[str, object], sources: Mapping[str, Source]) -> Correction:
        cid = self.ident(entry, "correction")
        quotes = []
        for quote in self.records(entry, "quote"):
            card = self.ident(quote, cid, "card")
            if not sources.get(card, Source("", Text("", "", ()))).card:
                raise self.fail(cid, f"{card!r} is not one of the user's cards")
            quotes.append(Quote(card, self.ident(quote, cid, "text")))
        if not quotes:
            raise self.fail(cid, "a correction quotes the card's words")
        return Correction(cid, tuple(quotes),
                          self.text(entry, "meaning", f"correction-{cid}", "what a card's garbled words say"),
                          self.text(entry, "adopted", f"correction-{cid}", "the reading the site adopted"),
                          tuple(self.rule(r, cid) for r in self.strings(entry, "rules", cid)))

    def dispute(self, entry: Mapping[str, object], sources: Mapping[str, Source]) -> Dispute:
        did = self.ident(entry, "dispute")
        positions = []
        for n, position in enumerate(self.records(entry, "position"), start=1):
            named = self.strings(position, "sources", did)
            if not named or any(s not in sources for s in named):
                raise self.fail(did, f"a position names unknown sources {named}")
            plays = position.get("plays_option", False)
            if not isinstance(plays, bool):
                raise self.fail(did, "'plays_option' must be true or false")
            positions.append(Position(named, self.text(position, "says", f"dispute-{did}-{n}",
                                                       "what these sources say"), plays))
        if len(positions) < 2:
            raise self.fail(did, "a dispute has at least two positions")
        option = entry.get("option", "")
        playing = sum(p.plays_option for p in positions)
        if option and playing != 1:
            raise self.fail(did, f"exactly one position plays option {option!r}; {playing} say so")
        if not option and playing:
            raise self.fail(did, "a position plays an option, but the dispute names none")
        return Dispute(did, self.text(entry, "point", f"dispute-{did}", "the disputed point"),
                       tuple(self.rule(r, did) for r in self.strings(entry, "rules", did)), tuple(positions),
                       self.text(entry, "default", f"dispute-{did}", "what the site plays, and why"),
                       option if isinstance(option, str) else "")

    def options(self, disputes: Mapping[str, Dispute]) -> tuple[Option, ...]:
        """The engine's table options, in its order, each with the one dispute naming it."""
        engine = game_rules(self.game).variant_options
        answered: dict[str, str] = {}
        for dispute in disputes.values():
            if not dispute.option:
                continue
            if dispute.option not in {o.key for o in engine}:
                raise self.fail(dispute.id, f"option {dispute.option!r} is not one of the engine's")
            if dispute.option in answered:
                raise self.fail(dispute.id, f"option {dispute.option!r} already answers {answered[dispute.option]!r}")
            answered[dispute.option] = dispute.id
        if missing := [o.key for o in engine if o.key not in answered]:
            raise self.fail("dispute", f"no dispute names the engine's options {missing}")
        return tuple(Option(o, answered[o.key], _played(disputes[answered[o.key]])) for o in engine)

    def place(self, where: str, source: Source, rule: str) -> Text | None:
        """An English work's place as a message (one per distinct text); None for another language's."""
        if not where.strip() or source.lang.split("-")[0].lower() != "en":
            return None
        return parse_text(" ".join(where.split()), f"{self.game}/sources#where", PLACEHOLDERS,
                          f"{self.path}: {rule}", note="a place in an English source: a section or a term it uses")

    def receipt(self, entry: Mapping[str, object], sources: Mapping[str, Source],
                corrections: Mapping[str, Correction], disputes: Mapping[str, Dispute]) -> Receipt:
        rule = self.rule(self.ident(entry, "rule", "rule"), "rule")
        status = entry.get("status")
        if status not in STATUSES:
            raise self.fail(rule, f"status must be one of {STATUSES}")
        cards = self.strings(entry, "cards", rule)
        if any(not sources.get(c, Source("", Text("", "", ()))).card for c in cards):
            raise self.fail(rule, f"cards must name the user's cards: {cards}")
        citations = []
        for cited in self.records(entry, "source"):
            sid = self.ident(cited, rule)
            if sid not in sources or sources[sid].card:
                raise self.fail(rule, f"{sid!r} is not a public source")
            where = cited.get("where", "")
            if not isinstance(where, str):
                raise self.fail(rule, f"where in {sid!r} must be a string")
            citations.append(Citation(sid, where, self.place(where, sources[sid], rule)))
        fixed, disputed = self.strings(entry, "corrections", rule), self.strings(entry, "disputes", rule)
        if unknown := [c for c in fixed if c not in corrections] + [d for d in disputed if d not in disputes]:
            raise self.fail(rule, f"unknown corrections or disputes {unknown}")
        if status == "corrected" and not fixed:
            raise self.fail(rule, "a corrected rule names the correction it follows")
        if status == "disputed" and not disputed:
            raise self.fail(rule, "a disputed rule names its dispute")
        if status == "agreed" and not citations:
            raise self.fail(rule, "an agreed rule cites the public sources that agree")
        if status == "stated" and not cards:
            raise self.fail(rule, "a stated rule names the cards that state it")
        note = self.text(entry, "note", f"receipt-{rule}", "a note on a rule's sources") if "note" in entry else None
        return Receipt(rule, status, cards, tuple(citations), fixed, disputed, note)


def _played(dispute: Dispute) -> Position:
    (position,) = (p for p in dispute.positions if p.plays_option)  # one: checked at parsing
    return position


def parse(text: str, game: str, path: str = "<sources>") -> Sources:
    if game not in GAME_KEYS:
        raise ValueError(f"unknown game {game!r}")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ContentError(path, str(error)) from error
    return _Reader(game, path).read(data)


def has_sources(game: str) -> bool:
    """Whether the game's room declares a sources file (``Room.sources``)."""
    return room(game).sources


def sources_path(game: str, content_dir: str | Path) -> Path:
    """``sources/<game>.toml`` in the room's content folder or else ``content_dir``."""
    return (room(game).content or Path(content_dir)) / "sources" / f"{game}.toml"


@cache
def _load(path: str, game: str, mtime: float) -> Sources:
    return parse(Path(path).read_text(encoding="utf-8"), game, path)


def load(content_dir: str | Path, game: str) -> Sources:
    """The parsed sources of ``game`` (cached until the file changes)."""
    path = sources_path(game, content_dir)
    return _load(str(path), game, path.stat().st_mtime)


def table_options(sources: Sources) -> list[dict[str, object]]:
    """The game's table options as the "Sources and variants" page lists them, in the engine's
    order: key, the rule it changes (``tg-12``), the ids of the sources of the position it plays
    and what they say (a message), its words (``Room.options``), its short name (``Room.option_names``)
    and its dispute."""
    declared = room(sources.game)
    words, names = declared.options, declared.option_names
    return [{"key": o.key, "rule": o.spec.rule.lower(), "sources": o.position.sources, "says": o.position.says,
             "words": str(words[o.key]) if o.key in words else o.spec.meaning,
             "name": str(names[o.key]) if o.key in names else o.key, "dispute": o.dispute}
            for o in sources.options]


@dataclass(frozen=True, slots=True)
class MeasuredRow:
    """One rule set's figures from self-play: its option keys (none: the default rules)."""

    variant: tuple[str, ...]
    deals: int
    banker_keeps: float     # share of deals after which the banker keeps the bank
    mean_abs_net: float     # mean of a seat's net payment, unsigned, per deal
    net_spread: float       # standard deviation of a seat's net payment per deal
    early_death: float      # share of deals in which early death (TG-12) bit
    mixed_deals: float      # share of deals in which a mixed civil-military set was played


@dataclass(frozen=True, slots=True)
class Measured:
    """How the benchmark measured the options (its command, matches, deals a match, the seats'
    level) and its figures, per option and for the default rules."""

    command: str
    matches: int
    match_deals: int
    level: str
    rows: tuple[MeasuredRow, ...]


MEASURED_FIELDS = ("deals", "banker_keeps", "mean_abs_net", "net_spread", "early_death", "mixed_deals")


def measured_path(game: str, content_dir: str | Path) -> Path:
    """``sources/<game>.measured.json`` beside the game's sources file."""
    return sources_path(game, content_dir).with_suffix(".measured.json")


def measured_of(data: object, game: str, path: str = "<measured>") -> Measured:
    """The figures of a parsed ``<game>.measured.json``; ContentError when malformed or when a row
    names an option the game's engine does not have."""
    if not isinstance(data, dict):
        raise ContentError(path, "the measured figures are a JSON object")
    try:
        rows = tuple(MeasuredRow(tuple(str(k) for k in row["variant"]), int(row["deals"]),
                                 *(float(row[f]) for f in MEASURED_FIELDS[1:]))
                     for row in data["rows"])
        found = Measured(str(data["command"]), int(data["matches"]), int(data["match_deals"]),
                         str(data["level"]), rows)
    except (KeyError, TypeError, ValueError) as error:
        raise ContentError(path, f"malformed measured figures: {error!r}") from error
    engine = {option.key for option in game_rules(game).variant_options}
    if unknown := sorted({key for row in rows for key in row.variant} - engine):
        raise ContentError(path, f"figures for options the engine does not have: {unknown}")
    return found


@cache
def _load_measured(path: str, game: str, mtime: float) -> Measured:
    return measured_of(json.loads(Path(path).read_text(encoding="utf-8")), game, path)


def measured(content_dir: str | Path, game: str) -> Measured | None:
    """The measured effect of the game's table options, if its content has them."""
    path = measured_path(game, content_dir)
    if not path.is_file():
        return None
    return _load_measured(str(path), game, path.stat().st_mtime)

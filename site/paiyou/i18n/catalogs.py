"""Gettext catalogs per domain, merged per language at compile time.

Layout (docs/architecture.md):

- ``translations/<domain>.cfg`` — the domain's extraction mapping; a domain exists iff its
  ``.cfg`` exists. Paths in it are relative to the checkout (the translations folder's parent).
- ``translations/<domain>.pot`` — the domain's template.
- ``translations/<lang>/LC_MESSAGES/<domain>.po`` — one catalog per domain and language.
- ``translations/<lang>/LC_MESSAGES/messages.mo`` — every domain of one language merged into one
  compiled catalog (git-ignored), which Flask-Babel loads.

A template keeps its messages' order: extraction lists messages in the order it walks the
files, so moving a string to another module would otherwise reorder the ``.pot`` (and, on the
next ``update``, every ``.po``). ``extract`` keeps the existing template's order, appends new
messages at the end, and leaves the file untouched when its messages are unchanged.

The case forms and genders of the site's names (``paiyou.i18n.vocabulary``) are messages no source
file writes: ``extract`` adds them to the template that holds the name (one per form that any
language declares, ``paiyou.config.Language``), and ``update`` keeps in each language's catalog
only the forms that language declares, so a language without cases has no entry to fill.

Every catalog of a language declares its ``plural_rule``: Babel's gettext table, or the rule the
language declares itself where the table's does not serve its translations (Persian: CLDR's one and
other, where the table has one form; ``paiyou.config.Language.plural_forms``). ``update`` writes it
into each catalog, so merging a template never brings back the table's rule.

``extract``, ``update`` and ``compile_catalogs`` are plain functions; ``paiyou.cli`` wraps them as
``flask --app paiyou i18n extract|update|compile``.
"""
from __future__ import annotations

import io
import os
import tempfile
from collections.abc import Iterable
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.frontend import CommandLineInterface
from babel.messages.mofile import write_mo
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po, write_po

from paiyou.config import DEFAULT_LANGUAGE, FORMS, GENDER, LANGUAGE_BY_CODE, LANGUAGE_CODES, LANGUAGES
from paiyou.i18n.typesetting import bind_single_letter_words
from paiyou.i18n.vocabulary import form_context

MERGED_DOMAIN = "messages"
CORE_DOMAIN = "core"  # merged first, so it wins if another domain repeats one of its messages
KEYWORDS = (
    "_", "gettext", "ngettext:1,2", "pgettext:1c,2", "npgettext:1c,2,3",
    "lazy_gettext", "lazy_ngettext:1,2", "lazy_pgettext:1c,2", "lazy_npgettext:1c,2,3", "_l",
)
TRANSLATED_LANGUAGES = tuple(code for code in LANGUAGE_CODES if code != DEFAULT_LANGUAGE)


def domains(translations_dir: Path) -> list[str]:
    """The domains, core first then alphabetical: every ``<domain>.cfg`` in the folder."""
    names = sorted(p.stem for p in Path(translations_dir).glob("*.cfg"))
    return sorted(names, key=lambda name: name != CORE_DOMAIN)


def po_path(translations_dir: Path, lang: str, domain: str) -> Path:
    return Path(translations_dir) / lang / "LC_MESSAGES" / f"{domain}.po"


def mo_path(translations_dir: Path, lang: str) -> Path:
    return Path(translations_dir) / lang / "LC_MESSAGES" / f"{MERGED_DOMAIN}.mo"


WIDTH = 100  # the catalogs' line width: one setting, so an update never re-wraps whole files


def _pybabel(*args: str) -> None:
    CommandLineInterface().run(["pybabel", "-q", *args])  # type: ignore[no-untyped-call]  # Babel's CLI


def declared_forms(lang: str | None = None) -> tuple[str, ...]:
    """The forms (FORMS' suffixes, then GENDER) that ``lang`` declares, or any language if None."""
    languages = LANGUAGES if lang is None else (LANGUAGE_BY_CODE[lang],)
    forms = [form for form in FORMS if any(form in language.forms for language in languages)]
    return (*forms, *((GENDER,) if any(language.genders for language in languages) else ()))


def _is_form_message(context: str | None, forms: Iterable[str]) -> bool:
    return context is not None and any(context.endswith(form_context("", form)) for form in forms)


def in_language(lang: str, context: str | None) -> bool:
    """Whether a template's message with this context belongs in ``lang``'s catalog: every message
    but the forms ``lang`` does not declare."""
    undeclared = [form for form in declared_forms() if form not in declared_forms(lang)]
    return not _is_form_message(context, undeclared)


def _keys(pot: Path) -> set[tuple[str | None, str]]:
    with pot.open("rb") as f:
        return {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in read_po(f) if m.id}


def form_entries(pot: Path, names: Iterable[tuple[str, str]], elsewhere: set[tuple[str | None, str]]) -> str:
    """The entries of the forms of each name (context, msgid) that ``pot`` holds, as Babel writes
    them: those it lacks, of the names no earlier domain holds (``elsewhere``: its forms are there)."""
    with pot.open("rb") as f:
        template = read_po(f)
    forms = Catalog()
    for context, msgid in names:
        if template.get(msgid, context=context) is None or (context, msgid) in elsewhere:
            continue
        for form in declared_forms():
            if template.get(msgid, context=form_context(context, form)) is not None:
                continue
            what = ("its grammatical gender, one of the language's genders (paiyou.config)"
                    if form == GENDER else f"in the {FORMS[form]} case")
            forms.add(msgid, context=form_context(context, form),
                      auto_comments=[f"TRANSLATORS: The name «{msgid}» ({context}): {what}."])
    if not len(forms):
        return ""
    out = io.BytesIO()
    write_po(out, forms, width=WIDTH, omit_header=True)
    return out.getvalue().decode("utf-8")


def extract(translations_dir: Path, only: Iterable[str] = (), root: Path | None = None,
            names: Iterable[tuple[str, str]] = ()) -> list[Path]:
    """Write ``<domain>.pot`` for every domain (or those in ``only``) from its mapping.

    ``root`` is the folder the mappings' paths are relative to (default: the translations
    folder's parent, i.e. the checkout). ``names`` are the messages (context, msgid) of the
    site's names: the template holding one gets its forms' messages too.
    """
    names = tuple(names)
    translations_dir = Path(translations_dir).resolve()
    root = Path(root).resolve() if root is not None else translations_dir.parent
    written = []
    earlier: set[tuple[str | None, str]] = set()  # the messages of the domains before this one
    for domain in domains(translations_dir):
        pot = translations_dir / f"{domain}.pot"
        if only and domain not in only:
            earlier |= _keys(pot) if pot.exists() else set()
            continue
        fresh = pot.with_name(f".{domain}.pot.new")
        args = ["extract", "-F", str(translations_dir / f"{domain}.cfg"), "-o", str(fresh),
                "--no-location", "--add-comments=TRANSLATORS:", "--no-default-keywords",
                # Babel skips folders starting with "_" unless told otherwise (templates/_macros)
                "--ignore-dirs=.* __pycache__ node_modules",
                "--project=Paiyou", "--msgid-bugs-address=translations@paiyou.invalid",
                "--copyright-holder=Paiyou", f"--width={WIDTH}"]
        for keyword in KEYWORDS:
            args += ["-k", keyword]
        try:
            _pybabel(*args, str(root))
            if entries := form_entries(fresh, names, earlier):
                with fresh.open("a", encoding="utf-8") as f:
                    f.write(entries)
            _settle(fresh, pot)
            earlier |= _keys(pot)
        finally:
            fresh.unlink(missing_ok=True)
        written.append(pot)
    return written


def _blocks(text: str) -> list[str]:
    """A template's entries (header first), as Babel writes them: separated by one blank line."""
    return text.rstrip("\n").split("\n\n")


def _entries(path: Path) -> dict[tuple[str | None, str], str]:
    """Each message's key (context, msgid) -> its entry text, in file order, header left out."""
    with path.open("rb") as f:
        catalog = read_po(f)
    messages = [m for m in catalog if m.id]
    blocks = _blocks(path.read_text(encoding="utf-8"))[1:]
    if len(messages) != len(blocks):
        raise ValueError(f"{path}: {len(messages)} messages in {len(blocks)} entries")
    return {(m.context, m.id if isinstance(m.id, str) else m.id[0]): block
            for m, block in zip(messages, blocks, strict=True)}


def _settle(fresh: Path, pot: Path) -> None:
    """Replace ``pot`` by the freshly extracted template, in the old template's message order
    (new messages last); keep ``pot`` as it is if no message changed."""
    if not pot.exists():
        fresh.replace(pot)
        return
    old, new = _entries(pot), _entries(fresh)
    order = [key for key in old if key in new] + [key for key in new if key not in old]
    if [(key, new[key]) for key in order] == list(old.items()):
        return
    header = _blocks(fresh.read_text(encoding="utf-8"))[0]
    pot.write_text("\n\n".join([header, *(new[key] for key in order)]) + "\n\n", encoding="utf-8")


def update(translations_dir: Path, only: Iterable[str] = ()) -> list[Path]:
    """Create missing ``.po`` files and merge each domain's ``.pot`` into its ``.po`` files.

    Obsolete messages are dropped; a changed message becomes fuzzy (the catalog test fails on it
    until a translator confirms it).
    """
    translations_dir = Path(translations_dir).resolve()
    written = []
    for domain in domains(translations_dir):
        if only and domain not in only:
            continue
        pot = translations_dir / f"{domain}.pot"
        if not pot.exists():
            raise FileNotFoundError(f"{pot} is missing: run 'flask --app paiyou i18n extract' first")
        for lang in TRANSLATED_LANGUAGES:
            po = po_path(translations_dir, lang, domain)
            command = "update" if po.exists() else "init"
            args = [command, "-i", str(pot), "-d", str(translations_dir), "-D", domain, "-l", lang,
                    f"--width={WIDTH}"]
            if command == "update":
                args.append("--ignore-obsolete")
            _pybabel(*args)
            _settle_language(po, lang)
            written.append(po)
    return written


def plural_rule(lang: str) -> tuple[int, str]:
    """The number of plural forms of ``lang``'s catalogs and the expression choosing one: its
    ``Language.plural_forms`` where it declares them, else Babel's gettext table's."""
    declared = LANGUAGE_BY_CODE[lang].plural_forms if lang in LANGUAGE_BY_CODE else None
    if declared is None:
        rule = get_plural(lang)
        return rule.num_plurals, rule.plural_expr
    parsed = Catalog(locale=lang)
    parsed.mime_headers = [("Plural-Forms", declared)]  # read as read_po reads a catalog's header
    return parsed.num_plurals, parsed.plural_expr


def _with_plural_rule(catalog: Catalog, lang: str) -> bool:
    """Give ``catalog`` ``lang``'s plural rule, each plural message as many forms (a form added is
    empty: untranslated until a translator writes it); whether anything changed."""
    count, expr = plural_rule(lang)
    if (catalog.num_plurals, catalog.plural_expr) == (count, expr):
        return False
    catalog.mime_headers = [(name, f"nplurals={count}; plural={expr};" if name.lower() == "plural-forms" else value)
                            for name, value in catalog.mime_headers]
    for message in catalog:
        if message.id and message.pluralizable and isinstance(message.string, (tuple, list)):
            forms = tuple(message.string)[:count]
            message.string = forms + ("",) * (count - len(forms))
    return True


def _settle_language(po: Path, lang: str) -> None:
    """Give ``po`` its language's plural rule, and remove the messages of the forms ``lang`` does
    not declare."""
    with po.open("rb") as f:
        catalog = read_po(f, locale=lang)
    changed = _with_plural_rule(catalog, lang)
    dropped: list[Message] = [m for m in catalog if m.id and not in_language(lang, m.context)]
    for message in dropped:
        catalog.delete(message.id, context=message.context)
    if changed or dropped:
        with po.open("wb") as f:
            write_po(f, catalog, width=WIDTH)


def merged_catalog(translations_dir: Path, lang: str) -> Catalog:
    """Every domain's catalog of ``lang`` in one; the core domain's header and entries win."""
    merged: Catalog | None = None
    for domain in domains(translations_dir):
        po = po_path(translations_dir, lang, domain)
        if not po.exists():
            continue
        with po.open("rb") as f:
            catalog = read_po(f, locale=lang, domain=domain)
        if merged is None:
            merged = catalog
            continue
        for message in catalog:
            if message.id and merged.get(message.id, context=message.context) is None:
                merged[message.id] = message
    return merged if merged is not None else Catalog(locale=lang)


def typeset(catalog: Catalog, letters: str) -> None:
    """Bind ``letters``' one-letter words to the next word in every translation of ``catalog``."""
    if not letters:
        return
    for message in catalog:
        if not message.id:
            continue
        if isinstance(message.string, (tuple, list)):  # a plural message's forms
            message.string = tuple(bind_single_letter_words(text, letters) for text in message.string)
        elif isinstance(message.string, str) and message.string:
            message.string = bind_single_letter_words(message.string, letters)


def compile_catalogs(translations_dir: Path | str) -> list[Path]:
    """Compile ``messages.mo`` for every translated language; return the files written.

    Fuzzy and untranslated entries are left out (they fall back to English at run time; the
    catalog test keeps the committed catalogs free of them). A language's one-letter words are
    bound to the next word as it is compiled (``paiyou.i18n.typesetting``).
    """
    translations_dir = Path(translations_dir)
    written = []
    for lang in TRANSLATED_LANGUAGES:
        catalog = merged_catalog(translations_dir, lang)
        typeset(catalog, LANGUAGE_BY_CODE[lang].single_letter_words)
        target = mo_path(translations_dir, lang)
        target.parent.mkdir(parents=True, exist_ok=True)
        # write then rename, so a running server (or a parallel test run) never reads half a file
        fd, scratch = tempfile.mkstemp(dir=target.parent, prefix=".messages-", suffix=".mo")
        try:
            with os.fdopen(fd, "wb") as f:
                write_mo(f, catalog, use_fuzzy=False)
            os.replace(scratch, target)
        except BaseException:
            Path(scratch).unlink(missing_ok=True)
            raise
        written.append(target)
    return written

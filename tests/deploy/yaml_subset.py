"""A strict reader for the YAML that deploy/compose.yaml is written in (no PyYAML here, and no
Compose either: the `docker` CLI has no `compose` plugin on this machine).

The subset: block mappings and block sequences by indentation (spaces only), ``- key: value``
items, plain scalars (``true``/``false``, ``null``/``~`` and integers typed as YAML types them,
everything else a string), single- and double-quoted scalars, ``{}``, ``[]`` and one-line flow
sequences of scalars, and ``#`` comments. Anything else -- anchors and aliases, tags, block
scalars (``|``, ``>``), several documents, tabs, duplicate keys -- is an error that names the line:
write the compose file in the subset (or teach this reader one more thing).
"""
from __future__ import annotations

import json
import re
from typing import Any

Line = tuple[int, int, str]  # (line number, indent, text without comment)

INTEGER = re.compile(r"[-+]?(0|[1-9][0-9]*)")
KEY = re.compile(r"""^("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'"""      # a quoted key
                 r"""|[^\s'"#:\[\]{},&*!|>%@`-][^:#]*?|-[^\s:#][^:#]*?)"""  # a plain one
                 r"""\s*:(?:\s+|$)""")


class YamlSubsetError(ValueError):
    pass


def _strip_comment(text: str, number: int) -> str:
    quote, escaped = "", False
    for index, char in enumerate(text):
        if quote:
            if escaped:
                escaped = False
            elif char == "\\" and quote == '"':
                escaped = True
            elif char == quote:
                quote = ""
        elif char in "'\"" and (index == 0 or text[index - 1] in " :-[,"):
            quote = char
        elif char == "#" and (index == 0 or text[index - 1] == " "):
            return text[:index].rstrip()
    if quote:
        raise YamlSubsetError(f"line {number}: unterminated quote")
    return text.rstrip()


def _lines(text: str) -> list[Line]:
    lines: list[Line] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        if "\t" in raw[: len(raw) - len(raw.lstrip())]:
            raise YamlSubsetError(f"line {number}: a tab in the indentation")
        content = _strip_comment(raw, number)
        if not content.strip():
            continue
        if content.strip() in ("---", "..."):
            raise YamlSubsetError(f"line {number}: one document only")
        lines.append((number, len(content) - len(content.lstrip(" ")), content.strip()))
    return lines


def scalar(text: str, number: int) -> Any:
    if text.startswith('"'):
        if not text.endswith('"') or len(text) < 2:
            raise YamlSubsetError(f"line {number}: bad double-quoted scalar {text}")
        try:
            return json.loads(text)
        except json.JSONDecodeError as error:
            raise YamlSubsetError(f"line {number}: {error}") from None
    if text.startswith("'"):
        if not text.endswith("'") or len(text) < 2:
            raise YamlSubsetError(f"line {number}: bad single-quoted scalar {text}")
        return text[1:-1].replace("''", "'")
    if text == "{}":
        return {}
    if text.startswith("["):
        if not text.endswith("]"):
            raise YamlSubsetError(f"line {number}: a flow sequence must end on its line")
        inner = text[1:-1].strip()
        if not inner:
            return []
        items = re.findall(r'\s*("(?:[^"\\]|\\.)*"|\'(?:[^\']|\'\')*\'|[^,\[\]{}"\']+)\s*(?:,|$)', inner)
        return [scalar(item.strip(), number) for item in items]
    if text[0] in "&*!|>{%@`":
        raise YamlSubsetError(f"line {number}: {text[0]!r} is outside the subset")
    if text in ("true", "false"):
        return text == "true"
    if text in ("null", "~"):
        return None
    if INTEGER.fullmatch(text):
        return int(text)
    return text


def _block(lines: list[Line], index: int, indent: int) -> tuple[Any, int]:
    number, first_indent, text = lines[index]
    if first_indent != indent:
        raise YamlSubsetError(f"line {number}: unexpected indentation")
    if text == "-" or text.startswith("- "):
        return _sequence(lines, index, indent)
    return _mapping(lines, index, indent)


def _value_after(lines: list[Line], index: int, indent: int, rest: str, number: int) -> tuple[Any, int]:
    """The value of a key or item whose text after the indicator is ``rest``."""
    if rest:
        return scalar(rest, number), index + 1
    if index + 1 < len(lines) and lines[index + 1][1] > indent:
        return _block(lines, index + 1, lines[index + 1][1])
    # a sequence may sit at its key's indentation (compose files do this less, YAML allows it)
    if index + 1 < len(lines) and lines[index + 1][1] == indent and lines[index + 1][2].startswith("- "):
        return _sequence(lines, index + 1, indent)
    return None, index + 1


def _mapping(lines: list[Line], index: int, indent: int) -> tuple[dict[str, Any], int]:
    result: dict[str, Any] = {}
    while index < len(lines) and lines[index][1] == indent:
        number, _, text = lines[index]
        if text.startswith("- "):
            break
        match = KEY.match(text)
        if match is None:
            raise YamlSubsetError(f"line {number}: expected 'key: value', got {text!r}")
        key = scalar(match.group(1), number)
        key = str(key) if not isinstance(key, str) else key
        if key in result:
            raise YamlSubsetError(f"line {number}: duplicate key {key!r}")
        result[key], index = _value_after(lines, index, indent, text[match.end():].strip(), number)
    if index < len(lines) and lines[index][1] > indent:
        raise YamlSubsetError(f"line {lines[index][0]}: unexpected indentation")
    return result, index


def _sequence(lines: list[Line], index: int, indent: int) -> tuple[list[Any], int]:
    result: list[Any] = []
    while index < len(lines) and lines[index][1] == indent and (lines[index][2] == "-"
                                                                 or lines[index][2].startswith("- ")):
        number, _, text = lines[index]
        rest = text[1:].strip()
        if rest and KEY.match(rest):
            # "- key: value" opens a mapping whose keys sit two columns in
            lines[index] = (number, indent + 2, rest)
            item, index = _mapping(lines, index, indent + 2)
        else:
            item, index = _value_after(lines, index, indent, rest, number)
        result.append(item)
    return result, index


def loads(text: str) -> Any:
    lines = _lines(text)
    if not lines:
        return None
    value, index = _block(lines, 0, lines[0][1])
    if index != len(lines):
        raise YamlSubsetError(f"line {lines[index][0]}: unexpected indentation")
    return value

"""Worksheets: every number ddlaudit reports, with the formula and the terms behind it.

Vendors size with paper worksheets (Teradata's Row Size Calculation Form, HiRDB's
page tables, SQL Server's "Estimate the Size of a Heap"). An estimator fills a
:class:`Worksheet` step by step; ``--explain`` prints it so a DBA can redo the sum by
hand, and the tests check that each additive step's terms add up to its value.

>>> ws = Worksheet("packed64 row", "Teradata Database Design 16.10, Row Size Calculation")
>>> terms = (Term("SUM(n)", 20), Term("SUM(a)", 14))
>>> ws = ws.add(Step("8", "Logical size", "SUM(n) + SUM(a)", 34, terms))
>>> ws.value("8"), ws.steps[-1].additive
(34, True)
>>> print(render(ws))
packed64 row  (Teradata Database Design 16.10, Row Size Calculation)
  step 8   Logical size = SUM(n) + SUM(a)
           = 20 (SUM(n)) + 14 (SUM(a))
           = 34
"""

from __future__ import annotations

from analyzer.ir import evolve
from analyzer.records import record


@record(init=False)
class Term:
    """One named input of a step (a column's bytes, a count, a constant from a setting)."""

    name: str
    value: int | float

    # Term and Step set their slots through the slot descriptors: the frozen dataclass
    # __init__ calls object.__setattr__ per field, about twice the time, and the
    # estimators make some hundred terms and steps a table (the same objects either way).
    def __init__(self, name: str, value: int | float) -> None:
        _term_name(self, name)
        _term_value(self, value)


_term_name, _term_value = (getattr(Term, f).__set__ for f in ("name", "value"))


@record(init=False)
class Step:
    """One step of a vendor procedure: ``value = formula(terms)``.

    ``step`` is the manual's own step number or label, so the worksheet can be read
    beside the manual.  A step is *additive* when its value is the sum of its terms.
    """

    step: str
    label: str
    formula: str
    value: int | float
    terms: tuple[Term, ...] = ()
    note: str | None = None

    def __init__(
        self,
        step: str,
        label: str,
        formula: str,
        value: int | float,
        terms: tuple[Term, ...] = (),
        note: str | None = None,
    ) -> None:
        _step_step(self, step)
        _step_label(self, label)
        _step_formula(self, formula)
        _step_value(self, value)
        _step_terms(self, terms)
        _step_note(self, note)

    @property
    def additive(self) -> bool:
        return bool(self.terms) and sum(t.value for t in self.terms) == self.value


_step_step, _step_label, _step_formula, _step_value, _step_terms, _step_note = (
    getattr(Step, f).__set__ for f in ("step", "label", "formula", "value", "terms", "note")
)


@record
class Worksheet:
    """An ordered list of steps with the manual (and section) it follows."""

    title: str
    source: str
    steps: tuple[Step, ...] = ()
    #: The step whose value is the worksheet's result (default: the last).
    result_step: str | None = None
    #: Set when the procedure is a reconstruction, not the manual's text.
    reconstruction: str | None = None

    def add(self, *steps: Step) -> Worksheet:
        """This worksheet with ``steps`` appended (a copy: a worksheet is frozen, so an
        estimator collects its steps in a list and makes the worksheet once)."""
        return evolve(self, steps=(*self.steps, *steps))

    def value(self, step: str) -> int | float:
        """The value of the step labelled ``step``."""
        for s in self.steps:
            if s.step == step:
                return s.value
        raise KeyError(step)

    @property
    def result(self) -> int | float:
        if self.result_step is not None:
            return self.value(self.result_step)
        return self.steps[-1].value if self.steps else 0


def _fmt(value: int | float) -> str:
    if isinstance(value, float) and not value.is_integer():
        return f"{value:,.4g}" if abs(value) < 1000 else f"{value:,.1f}"
    return f"{int(value):,}" if abs(value) >= 10_000 else str(int(value))


def render(ws: Worksheet) -> str:
    """The worksheet as text: each step's formula, its terms and its value."""
    lines = [f"{ws.title}  ({ws.source})"]
    if ws.reconstruction:
        lines.append(f"  reconstruction: {ws.reconstruction}")
    for s in ws.steps:
        lines.append(f"  step {s.step:<3} {s.label} = {s.formula}")
        if s.terms:
            terms = " + " if s.additive else ", "
            lines.append(
                "           = " + terms.join(f"{_fmt(t.value)} ({t.name})" for t in s.terms)
            )
        lines.append(f"           = {_fmt(s.value)}")
        if s.note:
            lines.append(f"           note: {s.note}")
    return "\n".join(lines)

"""The documentation tools' solver: a depth-first search (``search``) and a SAT formula (``rounds``).

``solve`` runs the search first and hands what it leaves to the formula.
"""

from .search import LOST, UNDECIDED, WON, Solution, Verdict, kind_of, luby, solve, solve_ranks

__all__ = ["LOST", "UNDECIDED", "WON", "Solution", "Verdict", "kind_of", "luby", "solve", "solve_ranks"]

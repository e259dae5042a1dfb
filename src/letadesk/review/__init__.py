"""The matter review grid: documents (rows) by questions (columns), each cell one grounded
answer for that one document, or a refusal with its reason (:mod:`letadesk.review.grid`),
from a question template (:mod:`letadesk.review.templates`)."""

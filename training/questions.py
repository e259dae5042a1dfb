"""Questions a lawyer asks about each CUAD clause category (training phrasings).

Deliberately *not* the phrasings of ``benchmarks/bench_answers.py``: the answers
benchmark must ask questions in words the relevance model never saw in training.
"""

from __future__ import annotations

CUAD_TEMPLATES: dict[str, tuple[str, ...]] = {
    "Document Name": ("What is the name of this agreement?", "What kind of contract is this?"),
    "Parties": ("Who are the parties to this contract?", "Which companies signed this agreement?"),
    "Agreement Date": ("What is the date of this agreement?", "When was the contract signed?"),
    "Effective Date": (
        "When does the contract take effect?",
        "What is the effective date of the agreement?",
    ),
    "Expiration Date": (
        "How long does the agreement last?",
        "What is the term of the contract?",
        "When does the contract end?",
    ),
    "Renewal Term": (
        "Does the contract renew automatically?",
        "What happens at the end of the term, is there a renewal?",
    ),
    "Notice Period To Terminate Renewal": (
        "How much notice is needed to stop the contract from renewing?",
        "What notice must be given for non-renewal?",
    ),
    "Governing Law": (
        "What law applies to the contract?",
        "Under the laws of which state is the agreement construed?",
    ),
    "Most Favored Nation": (
        "Is there a most favored nation clause?",
        "Must the supplier offer terms at least as good as to others?",
    ),
    "Competitive Restriction Exception": (
        "Are there exceptions to the non-compete or exclusivity restrictions?",
    ),
    "Non-Compete": (
        "Is there a non-compete clause?",
        "May a party compete with the other party's business?",
    ),
    "Exclusivity": ("Is the arrangement exclusive?", "Does the contract grant exclusive rights?"),
    "No-Solicit Of Customers": ("Is soliciting the other party's customers prohibited?",),
    "No-Solicit Of Employees": (
        "Can a party hire or solicit the other party's employees?",
        "Is there a non-solicitation of employees clause?",
    ),
    "Non-Disparagement": ("Is a party prohibited from disparaging the other?",),
    "Termination For Convenience": (
        "May the contract be terminated without cause?",
        "Can a party end the agreement at will by giving notice?",
    ),
    "Rofr/Rofo/Rofn": ("Is there a right of first refusal or first offer?",),
    "Change Of Control": (
        "What happens if a party undergoes a change of control?",
        "Does a merger or acquisition allow termination?",
    ),
    "Anti-Assignment": (
        "Is consent required to assign the contract?",
        "What are the restrictions on assignment?",
    ),
    "Revenue/Profit Sharing": (
        "Is there revenue or profit sharing?",
        "What royalties or share of revenue must be paid?",
    ),
    "Price Restrictions": ("Are there restrictions on changing prices?",),
    "Minimum Commitment": (
        "Is there a minimum purchase or order commitment?",
        "What minimum quantity must be bought?",
    ),
    "Volume Restriction": ("Is there a cap on the volume or quantity?",),
    "Ip Ownership Assignment": (
        "Who owns the intellectual property created under the contract?",
        "Is intellectual property assigned to the other party?",
    ),
    "Joint Ip Ownership": ("Is any intellectual property jointly owned?",),
    "License Grant": ("What license is granted?", "Does the agreement grant a licence?"),
    "Non-Transferable License": (
        "Is the license transferable?",
        "Can the licensee sublicense or transfer the license?",
    ),
    "Affiliate License-Licensor": ("Does the license include affiliates of the licensor?",),
    "Affiliate License-Licensee": ("Can affiliates of the licensee use the license?",),
    "Unlimited/All-You-Can-Eat-License": ("Is the license unlimited in use?",),
    "Irrevocable Or Perpetual License": ("Is the license perpetual or irrevocable?",),
    "Source Code Escrow": ("Is the source code placed in escrow?",),
    "Post-Termination Services": (
        "What obligations continue after termination?",
        "What must happen after the agreement ends?",
    ),
    "Audit Rights": (
        "Can a party inspect the other's records?",
        "What audit rights does the agreement give?",
    ),
    "Uncapped Liability": (
        "Is any liability unlimited?",
        "Which liabilities are excluded from the cap?",
    ),
    "Cap On Liability": ("What is the maximum liability?", "Is there a limitation of liability?"),
    "Liquidated Damages": ("Are there liquidated damages or penalties?",),
    "Warranty Duration": ("How long is the warranty period?",),
    "Insurance": (
        "What does this agreement say about insurance?",
        "Is a party required to carry insurance coverage?",
    ),
    "Covenant Not To Sue": ("Has a party agreed not to sue or challenge?",),
    "Third Party Beneficiary": ("Are there third party beneficiaries?",),
}

# Romanian questions built from an article's marginal title ("Noțiunea", "Forma
# contractului"); {t} is the title in lower case.
RO_TEMPLATES: tuple[str, ...] = (
    "Ce prevede legea despre {t}?",
    "Care sunt regulile privind {t}?",
    "Ce dispoziții există cu privire la {t}?",
    "Cum este reglementată {t}?",
)

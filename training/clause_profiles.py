"""What each clause type is about, in a lawyer's words: the router's profiles.

The clause models (``training/clauses.py``) score sentences for the 41 CUAD clause
categories and the 17 ContractNLI NDA provisions. A question or claim is routed to one
of them by the words it shares with the type's profile: its name, these descriptions
and the training phrasings (``training/questions.py``; for an NDA provision, its
statement). The descriptions are ours, written from the categories' names and the
annotated clauses of the *training* contracts; no phrasing of the benchmarks or of
``benchmarks/data/clause_questions.jsonl`` is among them.
"""

from __future__ import annotations

CUAD_DESCRIPTIONS: dict[str, str] = {
    "Document Name": "The name or title of the contract document.",
    "Parties": "The parties who signed the contract, the companies and persons bound by it.",
    "Agreement Date": "The date the agreement was made, dated or signed.",
    "Effective Date": "The date when the contract becomes effective or commences.",
    "Expiration Date": "The expiry of the initial term; the term and duration of the contract.",
    "Renewal Term": "Automatic renewal or extension of the term for successive renewal periods.",
    "Notice Period To Terminate Renewal": (
        "The notice period required to terminate or prevent renewal before the end of the term."
    ),
    "Governing Law": "Which state or country's law governs and construes the contract.",
    "Most Favored Nation": (
        "Most favored customer pricing: terms no less favourable than those given to any "
        "third party."
    ),
    "Competitive Restriction Exception": (
        "Exceptions and carve-outs from non-compete, exclusivity or no-solicit restrictions."
    ),
    "Non-Compete": (
        "A restriction on competing, on engaging in a competing business, or on selling "
        "competing products, in a territory or for a period."
    ),
    "Exclusivity": (
        "Exclusive dealing, exclusive rights or appointment as exclusive distributor or "
        "supplier; a party may not deal with others."
    ),
    "No-Solicit Of Customers": (
        "A prohibition on soliciting or contacting the other party's customers."
    ),
    "No-Solicit Of Employees": "A prohibition on soliciting or hiring the other party's employees.",
    "Non-Disparagement": "A prohibition on disparaging or criticising the other party.",
    "Termination For Convenience": (
        "The right to terminate without cause, for convenience, at any time upon written notice."
    ),
    "Rofr/Rofo/Rofn": "A right of first refusal, first offer or first negotiation.",
    "Change Of Control": (
        "Rights triggered by a change of control, merger, acquisition or sale of the business."
    ),
    "Anti-Assignment": (
        "Assignment or transfer of the contract requires the other party's prior written consent."
    ),
    "Revenue/Profit Sharing": (
        "Royalties, commissions, revenue or profit sharing paid as a percentage of sales."
    ),
    "Price Restrictions": "Restrictions on raising or changing prices.",
    "Minimum Commitment": "A minimum purchase, order, sales volume or payment commitment.",
    "Volume Restriction": "A cap or limit on the volume, quantity or number of units or users.",
    "Ip Ownership Assignment": (
        "Ownership of intellectual property, inventions and work product; assignment of "
        "intellectual property rights."
    ),
    "Joint Ip Ownership": "Intellectual property jointly owned by the parties.",
    "License Grant": "The grant of a license to use intellectual property, software or trademarks.",
    "Non-Transferable License": (
        "A license that is non-transferable, non-assignable or may not be sublicensed."
    ),
    "Affiliate License-Licensor": "A license granted by the licensor's affiliates.",
    "Affiliate License-Licensee": "A license extended to the licensee's affiliates.",
    "Unlimited/All-You-Can-Eat-License": "An unlimited license, without limits on use or copies.",
    "Irrevocable Or Perpetual License": "An irrevocable, perpetual or royalty-free license.",
    "Source Code Escrow": "Deposit of source code with an escrow agent and its release conditions.",
    "Post-Termination Services": (
        "Obligations after termination or expiry: transition services, wind-down, return of "
        "materials, sell-off of inventory."
    ),
    "Audit Rights": "The right to audit or inspect books, records and accounts.",
    "Uncapped Liability": (
        "Liability that is not limited: exclusions from the limitation of liability for "
        "gross negligence, fraud, indemnity or breach of confidentiality."
    ),
    "Cap On Liability": (
        "A limitation of liability: a cap on damages, the maximum aggregate liability, "
        "exclusion of consequential damages."
    ),
    "Liquidated Damages": "Liquidated damages, penalties or a fixed sum payable upon breach.",
    "Warranty Duration": "The duration of the warranty period.",
    "Insurance": "Insurance a party must maintain: coverage, policies, insured limits.",
    "Covenant Not To Sue": (
        "An agreement not to sue or not to challenge or contest the other party's rights."
    ),
    "Third Party Beneficiary": "Third-party beneficiaries of the contract.",
}

# The 17 NDA provisions of ContractNLI: the hypothesis is the profile's core; the
# description adds the words lawyers use for it.
NDA_DESCRIPTIONS: dict[str, str] = {
    "nda-1": "Confidential information must be marked or identified as confidential.",
    "nda-2": "The definition of confidential information is limited to technical information.",
    "nda-3": "Confidential information includes information disclosed orally or verbally.",
    "nda-4": "Confidential information may be used only for the purpose of the agreement.",
    "nda-5": "Disclosure of confidential information to employees who need to know.",
    "nda-7": "Disclosure to third parties such as consultants, agents and advisers.",
    "nda-8": "Notice to the disclosing party before a disclosure required by law or court order.",
    "nda-10": "The existence and terms of the agreement and the negotiations are confidential.",
    "nda-11": "A prohibition on reverse engineering, decompiling or disassembling.",
    "nda-12": "Information independently developed by the receiving party is excluded.",
    "nda-13": "Information received from a third party without restriction is excluded.",
    "nda-15": "No license or right to confidential information is granted.",
    "nda-16": "Return or destruction of confidential information when the agreement ends.",
    "nda-17": "Copies of confidential information may be made.",
    "nda-18": "A prohibition on soliciting or hiring the disclosing party's employees.",
    "nda-19": "Obligations that survive termination or expiry of the agreement.",
    "nda-20": "Retention of copies of confidential information after return or destruction.",
}

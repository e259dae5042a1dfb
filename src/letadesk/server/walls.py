"""Schema step 4: the ethical walls held by functions, not by row-level security alone.

Under row-level security a lawyer could still plan queries over the tables: ``EXPLAIN
(ANALYZE)`` counted the rows a policy removed ("Rows Removed by Filter"), the planner's
estimates and ``pg_stats`` described every matter's rows, and a matter's words, paths and
names could be recovered by prefix search. From this step on, ``letadesk_lawyer`` and
``letadesk_admin`` hold **no privilege on any table**: every read and write of theirs is
a SECURITY DEFINER function (fixed ``search_path``) that checks the session's membership
first, so no plan, estimate or statistic of a table reaches them. A revoked member
reads nothing of the matter, the audit records they wrote included (kept for the owner).

The audit trail is extended only by :data:`APPEND` (``append_record``): the record must
be a JSON object in the canonical form :func:`letadesk.store.audit_chain.canonical`
writes (checked by :data:`CANONICAL`, so that the owner's verify recomputes the very
hash the server stored), of a matter the caller may read; the server adds the id and its
own time (``now()``, never the client's) and computes the content digest itself. The
chain is serialised by a row lock on ``audit_lock``, a table no lawyer may touch (an
advisory lock can be taken by anyone), waited for at most ``lock_timeout``.
"""

from __future__ import annotations

from letadesk.server.audit_sql import APPEND, CANONICAL

S = "letadesk"
_DEF = f"SECURITY DEFINER SET search_path = {S}, pg_temp"
_PARAMS = "p_matter bigint, p_document bigint, p_jurisdiction text, p_force text, p_as_of date"
_ARGS = "p_matter, p_document, p_jurisdiction, p_force, p_as_of"
_DOC = (
    "id bigint, matter_id bigint, path text, title text, kind text, language text, "
    "sha256 text, size bigint, status text, failure_reason text, jurisdiction text, "
    "legal_force text, valid_from date, valid_to date, verified boolean, "
    "duplicate_of bigint, source_state text"
)
_DOC_COLS = (
    "d.id, d.matter_id, d.path, d.title, d.kind, d.language, d.sha256, d.size, d.status, "
    "d.failure_reason, d.jurisdiction, d.legal_force, d.valid_from, d.valid_to, d.verified, "
    "d.duplicate_of, d.source_state"
)
_FRAG = (
    'id bigint, document_id bigint, page integer, start integer, "end" integer, '
    "locator text, text text, page_label text"
)
_FRAG_COLS = (
    'f.id, f.document_id, f.page, f.start, f."end", f.locator, f.text, '
    "(SELECT p.label FROM pages p WHERE p.document_id = f.document_id AND p.number = f.page)"
)
_READABLE = "matter_id IN (SELECT readable_matters())"


def _fragments_fn(name: str, extra: str, returns: str, body: str, args: str = "") -> str:
    """A function over the fragments a filter admits, its query built with every value
    as a literal (the filter, and ``args``), so that each call is planned with them (a
    parameter's LIMIT or vector leaves the planner blind); ``body`` a format() string
    whose ``%1$s`` is the filter and ``%2$…`` on are ``args``."""
    more = f", {args}" if args else ""
    return f"""
    CREATE FUNCTION {name}({_PARAMS}{extra}) RETURNS TABLE({returns})
    LANGUAGE plpgsql STABLE {_DEF} AS $fn$
    BEGIN
        PERFORM check_reader(p_matter);
        RETURN QUERY EXECUTE format({body}, fragment_filter({_ARGS}){more});
    END $fn$;
    """


_AT_LOCATOR = (
    "'SELECT " + _FRAG_COLS.replace("'", "''") + " FROM fragments f WHERE %1$s AND "
    "(f.locator = %2$L OR left(f.locator, length(%2$L) + 1) = %2$L || '' '') "
    "ORDER BY f.document_id, f.start'"
)
_OPENINGS = (
    "'SELECT f.document_id, string_agg(f.text, '' '' ORDER BY f.start) FROM fragments f "
    "WHERE %1$s AND f.start < %2$s GROUP BY f.document_id'"
)
_KEYWORDS = (
    "'SELECT id, n FROM (SELECT f.id, %2$s AS n FROM fragments f WHERE %1$s) s "
    "WHERE n > 0 ORDER BY n DESC, id LIMIT %3$s'"
)
# the keywords' hit count: one strpos term a word, each word a literal
_HITS = (
    "(SELECT string_agg(format('(strpos(f.folded, %L) > 0)::integer', w), ' + ') "
    "FROM unnest(p_words) w), p_limit"
)
_FUNCTIONS = "".join(
    (
        _fragments_fn(
            "count_fragments", "", "n bigint", "'SELECT count(*) FROM fragments f WHERE %1$s'"
        ),
        _fragments_fn("fragments_at_locator", ", p_locator text", _FRAG, _AT_LOCATOR, "p_locator"),
        _fragments_fn(
            "matter_openings",
            ", p_chars integer",
            "document_id bigint, opening text",
            _OPENINGS,
            "p_chars",
        ),
        _fragments_fn(
            "keyword_hits",
            ", p_words text[], p_limit integer",
            "fragment_id bigint, hits integer",
            _KEYWORDS,
            _HITS,
        ),
    )
)


STEP = f"""
CREATE TABLE audit_lock (id integer PRIMARY KEY CHECK (id = 1));
INSERT INTO audit_lock VALUES (1);
DROP FUNCTION append_audit(text, text, bigint, text, text);

CREATE FUNCTION is_owner() RETURNS boolean LANGUAGE sql STABLE AS $$
    SELECT pg_has_role(session_user, c.relowner, 'USAGE') FROM pg_class c
    WHERE c.oid = '{S}.fragments'::regclass
$$;
-- the matters whose rows the session reads: its own; every one for the owner
CREATE FUNCTION readable_matters() RETURNS SETOF bigint LANGUAGE sql STABLE {_DEF} AS $$
    SELECT matter_id FROM matter_members WHERE member = session_user
    UNION SELECT id FROM matters WHERE is_owner()
$$;
CREATE FUNCTION server_version() RETURNS integer LANGUAGE sql STABLE {_DEF} AS $$
    SELECT version FROM schema_version
$$;
CREATE FUNCTION fragment_filter({_PARAMS}) RETURNS text LANGUAGE sql IMMUTABLE AS $$
    SELECT concat_ws(' AND ', format('f.matter_id = %s', p_matter),
        CASE WHEN p_document IS NOT NULL THEN format('f.document_id = %s', p_document) END,
        CASE WHEN p_jurisdiction <> '' THEN format('f.jurisdiction = %L', p_jurisdiction) END,
        CASE WHEN p_force <> '' THEN format('f.legal_force = %L', p_force) END,
        CASE WHEN p_as_of IS NOT NULL THEN format('(f.valid_from IS NULL OR f.valid_from <= %L) '
            'AND (f.valid_to IS NULL OR f.valid_to >= %L)', p_as_of, p_as_of) END)
$$;

CREATE FUNCTION visible_matters() RETURNS TABLE(id bigint, name text)
LANGUAGE sql STABLE {_DEF} AS $$
    SELECT m.id, m.name FROM matters m
    WHERE m.id IN (SELECT readable_matters()) OR is_admin() ORDER BY m.name
$$;
-- a matter's documents (p_matter), one document (p_document), or every readable one;
-- each form its own statement, so each is planned on its index
CREATE FUNCTION matter_documents(p_matter bigint, p_document bigint)
RETURNS TABLE({_DOC}) LANGUAGE plpgsql STABLE {_DEF} AS $fn$
BEGIN
    IF p_document IS NOT NULL THEN
        RETURN QUERY SELECT {_DOC_COLS} FROM documents d WHERE d.id = p_document
            AND d.{_READABLE} AND (p_matter IS NULL OR d.matter_id = p_matter);
    ELSIF p_matter IS NOT NULL THEN
        RETURN QUERY SELECT {_DOC_COLS} FROM documents d WHERE d.matter_id = p_matter
            AND p_matter IN (SELECT readable_matters()) ORDER BY d.path;
    ELSE
        RETURN QUERY SELECT {_DOC_COLS} FROM documents d WHERE d.{_READABLE}
            ORDER BY d.path;
    END IF;
END $fn$;
CREATE FUNCTION document_text(p_document bigint) RETURNS text LANGUAGE sql STABLE {_DEF} AS $$
    SELECT d.text FROM documents d WHERE d.id = p_document AND d.{_READABLE}
$$;
CREATE FUNCTION document_pages(p_document bigint) RETURNS TABLE(document_id bigint,
    number integer, label text, start integer, "end" integer, method text, note text)
LANGUAGE sql STABLE {_DEF} AS $$
    SELECT p.document_id, p.number, p.label, p.start, p."end", p.method, p.note FROM pages p
    WHERE p.document_id = p_document AND p.{_READABLE} ORDER BY p.number
$$;
CREATE FUNCTION document_locators(p_document bigint) RETURNS SETOF text
LANGUAGE sql STABLE {_DEF} AS $$
    SELECT f.locator FROM fragments f WHERE f.document_id = p_document AND f.{_READABLE}
    AND f.locator != '' GROUP BY f.locator ORDER BY min(f.start)
$$;
CREATE FUNCTION fragments_by_ids(p_ids bigint[]) RETURNS TABLE({_FRAG})
LANGUAGE sql STABLE {_DEF} AS $$
    SELECT {_FRAG_COLS} FROM fragments f WHERE f.id = ANY(p_ids) AND f.{_READABLE}
$$;
{_FUNCTIONS}
CREATE FUNCTION plan_lexemes(p_matter bigint, p_query text)
RETURNS TABLE(lexeme text, fragments integer, total integer) LANGUAGE sql STABLE {_DEF} AS $$
    SELECT s.lexeme, s.fragments, m.fragments FROM lexeme_stats s
    JOIN matter_stats m ON m.matter_id = s.matter_id
    WHERE s.matter_id = p_matter AND p_matter IN (SELECT readable_matters())
    AND s.lexeme = ANY(SELECT unnest(tsvector_to_array(
        to_tsvector('romanian', p_query) || to_tsvector('english', p_query))))
    ORDER BY s.fragments, s.lexeme
$$;
CREATE FUNCTION embedder_identity() RETURNS TABLE(name text, dim integer)
LANGUAGE sql STABLE {_DEF} AS $$ SELECT e.name, e.dim FROM embedder e WHERE e.id = 1 $$;

CREATE FUNCTION review_cell(p_document bigint, p_sha256 text, p_question text, p_judge text,
    p_app_version text, p_options text) RETURNS text LANGUAGE sql STABLE {_DEF} AS $$
    SELECT c.cell FROM review_cells c WHERE c.asked_by = session_user AND c.{_READABLE}
    AND c.document_id = p_document AND c.sha256 = p_sha256 AND c.question = p_question
    AND c.judge = p_judge AND c.app_version = p_app_version AND c.options = p_options
$$;
CREATE FUNCTION review_cell_count() RETURNS bigint LANGUAGE sql STABLE {_DEF} AS $$
    SELECT count(*) FROM review_cells c WHERE c.asked_by = session_user AND c.{_READABLE}
$$;

-- the members of a matter: all of them for an admin, else the session itself
CREATE FUNCTION members_of(p_matter bigint) RETURNS SETOF name LANGUAGE sql STABLE {_DEF} AS $$
    SELECT m.member FROM matter_members m WHERE m.matter_id = p_matter
    AND (is_admin() OR m.member = session_user) ORDER BY m.member
$$;
CREATE FUNCTION set_member(p_matter bigint, p_role name, p_member boolean) RETURNS boolean
LANGUAGE plpgsql {_DEF} AS $fn$
DECLARE
    changed name;
BEGIN
    IF NOT is_admin() THEN
        RAISE EXCEPTION 'permission denied: only members of letadesk_admin manage members'
            USING ERRCODE = '42501';
    END IF;
    IF p_member THEN
        INSERT INTO matter_members(matter_id, member) VALUES (p_matter, p_role)
            ON CONFLICT DO NOTHING RETURNING member INTO changed;
    ELSE
        DELETE FROM matter_members WHERE matter_id = p_matter AND member = p_role
            RETURNING member INTO changed;
    END IF;
    RETURN changed IS NOT NULL;
END $fn$;

{CANONICAL}
{APPEND}

-- the records the session reads: those of its matters (every one for the owner)
CREATE FUNCTION audit_records(p_matter bigint, p_limit integer)
RETURNS TABLE(seq bigint, id text, created_at text, matter_id bigint, record text,
    prev_hash text, hash text, purged boolean, asked_by name)
LANGUAGE sql STABLE {_DEF} AS $$
    SELECT * FROM (SELECT a.seq, a.id, a.created_at, a.matter_id, a.record, a.prev_hash,
        a.hash, a.purged_at IS NOT NULL, a.asked_by FROM audit a
        WHERE (is_owner() OR a.{_READABLE}) AND (p_matter IS NULL OR a.matter_id = p_matter)
        ORDER BY a.seq DESC LIMIT p_limit) r ORDER BY r.seq
$$;
-- a record the session appended (any, for the owner), for its witness: the content only
-- while it may read the matter (position and hash whatever its membership)
CREATE FUNCTION audit_witness(p_id text) RETURNS TABLE(seq bigint, created_at text,
    matter_id bigint, record text, prev_hash text, hash text, purged boolean, readable boolean,
    asked_by name)
LANGUAGE sql STABLE {_DEF} AS $$
    SELECT a.seq, a.created_at, a.matter_id,
        CASE WHEN a.{_READABLE} THEN a.record END, a.prev_hash, a.hash,
        a.purged_at IS NOT NULL, a.{_READABLE}, a.asked_by
    FROM audit a WHERE a.id = p_id AND (a.asked_by = session_user OR is_owner())
$$;

REVOKE ALL ON ALL TABLES IN SCHEMA {S} FROM PUBLIC, letadesk_lawyer, letadesk_admin;
REVOKE ALL ON ALL SEQUENCES IN SCHEMA {S} FROM PUBLIC, letadesk_lawyer, letadesk_admin;
REVOKE ALL ON ALL FUNCTIONS IN SCHEMA {S} FROM PUBLIC;
GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA {S} TO letadesk_lawyer, letadesk_admin;
"""

DENSE = """
DO $do$
DECLARE
    vs text := (SELECT quote_ident(n.nspname) FROM pg_extension e
                JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'vector');
BEGIN
    EXECUTE format($f$
    CREATE FUNCTION letadesk.search_dense(p_matter bigint, p_document bigint,
        p_jurisdiction text, p_force text, p_as_of date, p_vector text, p_k integer,
        p_exact boolean) RETURNS TABLE(fragment_id bigint, score double precision)
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = letadesk, %1$s, pg_temp
    SET enable_indexscan = on AS $fn$
    BEGIN
        PERFORM check_reader(p_matter);
        IF p_exact THEN
            PERFORM set_config('enable_indexscan', 'off', true);
        ELSE
            PERFORM set_config('hnsw.ef_search', least(1000, greatest(40, 2 * p_k))::text, true);
            PERFORM set_config('hnsw.iterative_scan', 'relaxed_order', true);
        END IF;
        RETURN QUERY EXECUTE format('SELECT f.id, 1 - (f.embedding <=> %%2$L::vector) '
            'FROM fragments f WHERE f.embedding IS NOT NULL AND %%1$s '
            'ORDER BY f.embedding <=> %%2$L::vector LIMIT %%3$s',
            fragment_filter(p_matter, p_document, p_jurisdiction, p_force, p_as_of),
            p_vector, p_k);
    END $fn$;
    REVOKE ALL ON FUNCTION letadesk.search_dense(bigint, bigint, text, text, date, text,
        integer, boolean) FROM PUBLIC;
    GRANT EXECUTE ON FUNCTION letadesk.search_dense(bigint, bigint, text, text, date, text,
        integer, boolean) TO letadesk_lawyer, letadesk_admin;
    $f$, vs);
END $do$;
"""

WALLS = STEP + DENSE

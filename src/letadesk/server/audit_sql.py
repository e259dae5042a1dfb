"""The audit trail's append function on the firm server (schema step 4), in SQL.

``append_record`` is the only way a record enters the server's trail from a lawyer's
session. It refuses a record that the owner's ``audit --verify`` could not check:

* not a JSON object, or not in the canonical form of
  :func:`letadesk.store.audit_chain.canonical` (sorted keys, no spaces, each string
  escaped and each number written as Python writes it; ``canonical_json`` rebuilds it
  from the parsed JSON, and the text must equal it);
* an id that is not a plain token, an ``id`` or ``created_at`` field of the client's
  (the server adds both: the time is the server's ``now()``);
* a matter the caller may not read (or none).

The content digest is computed here, from the stored text, exactly as
:func:`~letadesk.store.audit_chain.content_digest` computes it: each top-level field's
hash is SHA-256 over ``[id, name, value]`` in canonical form, and the digest SHA-256 over
the sorted ``{name: field hash}``. ``sha256`` and ``to_json`` escape as Python's ``json``
does (``"``, ``\\``, the C0 controls; nothing else), and keys sort by code point
(``COLLATE "C"`` over UTF-8).
"""

from __future__ import annotations

_DEF = "SECURITY DEFINER SET search_path = letadesk, pg_temp"

# a number as Python's json writes the float or int it parses to (else an error)
CANONICAL = r"""
CREATE FUNCTION decimal_key(t text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $fn$
DECLARE
    m text := lower(t);
    neg boolean := left(m, 1) = '-';
    e integer := 0;
    digits text;
    pos integer;
BEGIN
    m := ltrim(m, '-');
    IF position('e' IN m) > 0 THEN
        e := split_part(m, 'e', 2)::integer;
        m := split_part(m, 'e', 1);
    END IF;
    digits := split_part(m, '.', 1) || split_part(m, '.', 2);
    pos := length(split_part(m, '.', 1)) + e - (length(digits) - length(ltrim(digits, '0')));
    RETURN CASE WHEN neg THEN '-' ELSE '' END || rtrim(ltrim(digits, '0'), '0') || 'e' || pos;
END $fn$;

CREATE FUNCTION canonical_number(t text) RETURNS text LANGUAGE plpgsql IMMUTABLE
SET extra_float_digits = 1 AS $fn$
DECLARE
    v double precision;
BEGIN
    IF t ~ '^-?(0|[1-9][0-9]*)$' AND t <> '-0' THEN
        RETURN t;  -- an int
    END IF;
    v := t::double precision;
    IF (v = 0 AND t IN ('0.0', '-0.0'))
       OR (abs(v) >= 1e-4 AND abs(v) < 1e16 AND t ~ '^-?(0|[1-9][0-9]*)\.([0-9]*[1-9]|0)$'
           AND decimal_key(t) = decimal_key(v::text))
       OR ((abs(v) < 1e-4 OR abs(v) >= 1e16) AND v <> 0
           AND t ~ '^-?[1-9](\.[0-9]*[1-9])?e[+-](0[1-9]|[1-9][0-9]+)$'
           AND decimal_key(t) = decimal_key(v::text)) THEN
        RETURN t;
    END IF;
    RAISE EXCEPTION 'audit record: the number % is not written as LetaDesk writes it', t
        USING ERRCODE = '22023';
END $fn$;

CREATE FUNCTION canonical_json(j json) RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT
SET search_path = letadesk, pg_temp AS $fn$
DECLARE
    kind text := json_typeof(j);
    out text;
BEGIN
    IF kind = 'object' THEN
        IF (SELECT count(*) <> count(DISTINCT key) FROM json_each(j)) THEN
            RAISE EXCEPTION 'audit record: a key appears twice' USING ERRCODE = '22023';
        END IF;
        SELECT '{' || coalesce(string_agg(to_json(key)::text || ':' || canonical_json(value),
            ',' ORDER BY key COLLATE "C"), '') || '}' INTO out FROM json_each(j);
    ELSIF kind = 'array' THEN
        SELECT '[' || coalesce(string_agg(canonical_json(value), ',' ORDER BY n), '') || ']'
            INTO out FROM json_array_elements(j) WITH ORDINALITY AS e(value, n);
    ELSIF kind = 'string' THEN
        out := to_json(j #>> '{}')::text;
    ELSIF kind = 'number' THEN
        out := canonical_number(btrim(j::text, E' \t\r\n'));
    ELSE
        out := btrim(j::text, E' \t\r\n');
    END IF;
    RETURN out;
END $fn$;
"""

APPEND = f"""
CREATE FUNCTION append_record(p_id text, p_matter bigint, p_record text)
RETURNS TABLE(seq bigint, created_at text, hash text)
LANGUAGE plpgsql {_DEF} SET lock_timeout = '10s' AS $fn$
#variable_conflict use_column
DECLARE
    body json;
    stamp text := to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS') || '+00:00';
    stored text;
    content text;
    last_seq bigint;
    last_hash text;
    next_seq bigint;
    digest text;
    who text := session_user;
BEGIN
    IF p_id IS NULL OR p_id !~ '^[A-Za-z0-9_-]{{1,64}}$' THEN
        RAISE EXCEPTION 'audit record: the id is not a plain token' USING ERRCODE = '22023';
    END IF;
    IF p_matter IS NULL OR NOT (is_member(p_matter) OR is_owner()) THEN
        RAISE EXCEPTION 'permission denied: % may not record in matter %', who, p_matter
            USING ERRCODE = '42501';
    END IF;
    BEGIN
        body := p_record::json;
    EXCEPTION WHEN OTHERS THEN
        RAISE EXCEPTION 'audit record: not JSON' USING ERRCODE = '22023';
    END;
    IF json_typeof(body) <> 'object' OR canonical_json(body) IS DISTINCT FROM p_record THEN
        RAISE EXCEPTION 'audit record: not a JSON object in canonical form'
            USING ERRCODE = '22023';
    END IF;
    IF EXISTS (SELECT 1 FROM json_each(body) f WHERE f.key IN ('id', 'created_at')) THEN
        RAISE EXCEPTION 'audit record: id and created_at are the server''s'
            USING ERRCODE = '22023';
    END IF;
    SELECT '{{' || string_agg(to_json(f.k)::text || ':' || f.v, ',' ORDER BY f.k COLLATE "C")
           || '}}',
           encode(sha256(convert_to('{{' || string_agg(to_json(f.k)::text || ':"'
               || encode(sha256(convert_to('[' || to_json(p_id)::text || ','
                   || to_json(f.k)::text || ',' || f.v || ']', 'UTF8')), 'hex') || '"',
               ',' ORDER BY f.k COLLATE "C") || '}}', 'UTF8')), 'hex')
      INTO stored, content
      FROM (SELECT e.key AS k, canonical_json(e.value) AS v FROM json_each(body) e
            UNION ALL SELECT 'id', to_json(p_id)::text
            UNION ALL SELECT 'created_at', to_json(stamp)::text) f;
    -- the chain's serialisation: a row only this function's owner may lock
    BEGIN
        PERFORM 1 FROM audit_lock l WHERE l.id = 1 FOR UPDATE;
    EXCEPTION WHEN lock_not_available THEN
        RAISE EXCEPTION 'the audit trail is held by another session''s open transaction '
            '(IT: pg_stat_activity, state ''idle in transaction''); try again'
            USING ERRCODE = '55P03';
    END;
    SELECT a.seq, a.hash INTO last_seq, last_hash FROM audit a ORDER BY a.seq DESC LIMIT 1;
    next_seq := coalesce(last_seq, 0) + 1;
    last_hash := coalesce(last_hash, repeat('0', 64));
    digest := encode(sha256(convert_to(
        '{{"asked_by":' || to_json(who)::text
        || ',"content":' || to_json(content)::text
        || ',"created_at":' || to_json(stamp)::text
        || ',"id":' || to_json(p_id)::text
        || ',"matter_id":' || p_matter::text
        || ',"prev":' || to_json(last_hash)::text
        || ',"seq":' || next_seq::text || '}}', 'UTF8')), 'hex');
    INSERT INTO audit(seq, id, created_at, matter_id, record, prev_hash, hash, asked_by)
    VALUES (next_seq, p_id, stamp, p_matter, stored, last_hash, digest, who);
    RETURN QUERY SELECT next_seq, stamp, digest;
END $fn$;
"""

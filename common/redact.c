/*
 * redact: the secret detectors (see redact.h), a byte scanner.
 *
 * One pass over a line. Plain alphanumeric runs are copied whole; a
 * detector is tried only where a secret can begin: at the start of a
 * word (the token prefixes, JWTs, "Bearer", "Authorization", "password
 * VALUE"), at a '-' (private key blocks, command-line options) and at a
 * separator ('=' or ':': URL userinfo and webhooks, NAME=value). The
 * token prefixes are rows of a table: prefix, alphabet, length range,
 * detector; their facts (prefixes, lengths, alphabets) follow the public
 * rule sets of gitleaks, detect-secrets and trufflehog, the patterns are
 * our own. bench/redact.c measures this scanner against a PCRE2 JIT
 * alternation of the same prefixes (docs in bench/run.sh).
 *
 * A value already masked ("[REDACTED]") is left as it is and not
 * counted, so masking twice changes nothing.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "compat.h"
#include "redact.h"

#define MASK_LEN	(sizeof(REDACT_MASK) - 1)

static const char *const det_names[RD_N] = {
	[RD_PRIVATE_KEY] = "private_key",
	[RD_URL_USERINFO] = "url_password",
	[RD_CLI_PASSWORD] = "cli_password",
	[RD_ASSIGNMENT] = "secret_assignment",
	[RD_AUTH_HEADER] = "auth_header",
	[RD_BEARER] = "bearer_token",
	[RD_AWS] = "aws_key",
	[RD_GITHUB] = "github_token",
	[RD_GITLAB] = "gitlab_token",
	[RD_ATLASSIAN] = "atlassian_token",
	[RD_CHAT] = "chat_token",
	[RD_WEBHOOK] = "webhook_url",
	[RD_HUGGINGFACE] = "huggingface_token",
	[RD_WANDB] = "wandb_key",
	[RD_OPENAI] = "openai_key",
	[RD_ANTHROPIC] = "anthropic_key",
	[RD_LLM] = "llm_api_key",
	[RD_GOOGLE] = "google_key",
	[RD_NPM] = "npm_token",
	[RD_PYPI] = "pypi_token",
	[RD_DOCKERHUB] = "dockerhub_token",
	[RD_RUBYGEMS] = "rubygems_key",
	[RD_NUGET] = "nuget_key",
	[RD_STRIPE] = "stripe_key",
	[RD_SENDGRID] = "sendgrid_key",
	[RD_TWILIO] = "twilio_key",
	[RD_DIGITALOCEAN] = "digitalocean_token",
	[RD_DATABRICKS] = "databricks_token",
	[RD_AZURE_STORAGE] = "azure_storage_key",
	[RD_REGISTRY_AUTH] = "registry_auth",
	[RD_JWT] = "jwt",
	[RD_HIGH_ENTROPY] = "high_entropy",
	[RD_CLOUD] = "cloud_key",
};

const char *
redact_det_name(enum redact_det d)
{
	return (unsigned)d < RD_N ? det_names[d] : "?";
}

/* ---- character classes (ASCII only, no locale) ---- */

static int
is_digit(int c)
{
	return (unsigned)c - '0' < 10u;
}

static int
is_upper(int c)
{
	return (unsigned)c - 'A' < 26u;
}

static int
is_lower(int c)
{
	return (unsigned)c - 'a' < 26u;
}

#define AL(c)	[c] = 1
static const uint8_t	alnum_tab[256] = {
	AL('0'), AL('1'), AL('2'), AL('3'), AL('4'), AL('5'), AL('6'),
	AL('7'), AL('8'), AL('9'),
	AL('A'), AL('B'), AL('C'), AL('D'), AL('E'), AL('F'), AL('G'),
	AL('H'), AL('I'), AL('J'), AL('K'), AL('L'), AL('M'), AL('N'),
	AL('O'), AL('P'), AL('Q'), AL('R'), AL('S'), AL('T'), AL('U'),
	AL('V'), AL('W'), AL('X'), AL('Y'), AL('Z'),
	AL('a'), AL('b'), AL('c'), AL('d'), AL('e'), AL('f'), AL('g'),
	AL('h'), AL('i'), AL('j'), AL('k'), AL('l'), AL('m'), AL('n'),
	AL('o'), AL('p'), AL('q'), AL('r'), AL('s'), AL('t'), AL('u'),
	AL('v'), AL('w'), AL('x'), AL('y'), AL('z'),
};
#undef AL

static int
is_alnum(int c)
{
	return alnum_tab[c & 0xff];
}

static int
is_tok(int c)
{
	return is_alnum(c) || c == '_' || c == '-';
}

static int
is_hex(int c)
{
	return is_digit(c) || (unsigned)c - 'a' < 6u || (unsigned)c - 'A' < 6u;
}

static int
is_b64(int c)
{
	return is_tok(c) || c == '+' || c == '/' || c == '=' || c == '.' ||
	    c == '~';
}

static int
is_blank(int c)
{
	return c == ' ' || c == '\t';
}

enum alpha {
	A_ALNUM, A_ALPHA, A_TOK, A_TOKDOT, A_HEX, A_UPDIG, A_LOWDIG, A_B64
};

static int
in_alpha(enum alpha a, int c)
{
	switch (a) {
	case A_ALNUM:	return is_alnum(c);
	case A_ALPHA:	return is_upper(c) || is_lower(c);
	case A_TOK:	return is_tok(c);
	case A_TOKDOT:	return is_tok(c) || c == '.';
	case A_HEX:	return is_hex(c);
	case A_UPDIG:	return is_upper(c) || is_digit(c);
	case A_LOWDIG:	return is_lower(c) || is_digit(c);
	case A_B64:	return is_b64(c);
	}
	return 0;
}

/* ---- output ---- */

struct out {
	char			*p;
	size_t			 n, sz;
	struct redact_tally	*t;
};

static void
put(struct out *o, const char *p, size_t n)
{
	size_t	room;

	if (o->n + 1 >= o->sz)	/* full (one byte stays for the NUL) */
		return;
	room = o->sz - 1 - o->n;
	if (n > room)		/* a minimum: GCC -O3 sees n only shrink */
		n = room;
	if (n < 16)	/* most runs are words: no call */
		for (size_t i = 0; i < n; i++)
			o->p[o->n + i] = p[i];
	else
		memcpy(o->p + o->n, p, n);
	o->n += n;
}

static void
mask(struct out *o, enum redact_det d)
{
	put(o, REDACT_MASK, MASK_LEN);
	if (o->t != NULL) {
		o->t->total++;
		o->t->by[d]++;
	}
}

static int
masked_at(const char *p, size_t n)
{
	return n >= MASK_LEN && memcmp(p, REDACT_MASK, MASK_LEN) == 0;
}

/* A value that holds a mask anywhere was masked before: masking it again
 * would change text that is already safe (a redacted bundle redacted
 * again, a saved analysis written again). */
static int
has_mask(const char *p, size_t n)
{
	return compat_memmem(p, n, REDACT_MASK, MASK_LEN) != NULL;
}

static size_t
run_of(const char *p, size_t n, enum alpha a)
{
	size_t	i = 0;

	while (i < n && in_alpha(a, (unsigned char)p[i]))
		i++;
	return i;
}

static int
starts_ci(const char *p, size_t n, const char *w)
{
	size_t	l = strlen(w);

	return n >= l && strncasecmp(p, w, l) == 0;
}

static int
has_ci(const char *p, size_t n, const char *w)
{
	size_t	l = strlen(w);

	for (size_t i = 0; i + l <= n; i++)
		if (strncasecmp(p + i, w, l) == 0)
			return 1;
	return 0;
}

/* Random-looking: a digit, or upper and lower case letters together. */
static int
mixed(const char *p, size_t n)
{
	int	up = 0, low = 0;

	for (size_t i = 0; i < n; i++) {
		if (is_digit((unsigned char)p[i]))
			return 1;
		up |= is_upper((unsigned char)p[i]);
		low |= is_lower((unsigned char)p[i]);
	}
	return up && low;
}

/* 8-4-4-4-12 hex digits, also "GPU-" or "MIG-" in front: an id. */
static int
uuid_shape(const char *p, size_t n)
{
	static const char	groups[] = { 8, 4, 4, 4, 12 };
	size_t			i = 0;

	if (n == 40 && (memcmp(p, "GPU-", 4) == 0 || memcmp(p, "MIG-", 4) ==
	    0)) {
		p += 4;
		n -= 4;
	}
	if (n != 36)
		return 0;
	for (int g = 0; g < 5; g++) {
		for (int k = 0; k < groups[g]; k++, i++)
			if (!is_hex((unsigned char)p[i]))
				return 0;
		if (g < 4 && p[i++] != '-')
			return 0;
	}
	return 1;
}

/*
 * High entropy, without libm: at least 16 bytes of token/base64
 * characters with two classes of upper, lower and digit and many distinct
 * bytes; hex only from 32 digits on (API keys), since shorter hex is
 * mostly ids and addresses.
 */
static int
random_value(const char *p, size_t n)
{
	uint8_t	seen[256] = { 0 };
	size_t	distinct = 0, hex = 0;
	int	up = 0, low = 0, dig = 0;

	if (n < 16 || n > 1024 || uuid_shape(p, n))
		return 0;
	for (size_t i = 0; i < n; i++) {
		unsigned char	c = (unsigned char)p[i];

		if (!is_b64(c))
			return 0;
		distinct += !seen[c];
		seen[c] = 1;
		hex += is_hex(c);
		up |= is_upper(c);
		low |= is_lower(c);
		dig |= is_digit(c);
	}
	if (hex == n)
		return n >= 32 && dig && (up || low);
	return up + low + dig >= 2 && distinct >= (n < 32 ? n / 2 : 14);
}

/* ---- the token prefixes ---- */

#define P(s)	s, sizeof(s) - 1

static const struct prefix {
	const char	*pre;
	uint8_t		 len;
	uint8_t		 det;
	uint8_t		 alpha;
	uint16_t	 min, max;	/* characters after the prefix; 0 any */
} prefixes[] = {
	/* cloud */
	{ P("AKIA"), RD_AWS, A_UPDIG, 16, 16 },
	{ P("ASIA"), RD_AWS, A_UPDIG, 16, 16 },
	{ P("AGPA"), RD_AWS, A_UPDIG, 16, 16 },
	{ P("AIDA"), RD_AWS, A_UPDIG, 16, 16 },
	{ P("AROA"), RD_AWS, A_UPDIG, 16, 16 },
	{ P("AIPA"), RD_AWS, A_UPDIG, 16, 16 },
	{ P("ANPA"), RD_AWS, A_UPDIG, 16, 16 },
	{ P("ANVA"), RD_AWS, A_UPDIG, 16, 16 },
	{ P("ABIA"), RD_AWS, A_UPDIG, 16, 16 },
	{ P("ACCA"), RD_AWS, A_UPDIG, 16, 16 },
	{ P("AIza"), RD_GOOGLE, A_TOK, 35, 35 },
	{ P("ya29."), RD_GOOGLE, A_TOKDOT, 20, 0 },
	{ P("GOCSPX-"), RD_GOOGLE, A_TOK, 20, 0 },
	{ P("dop_v1_"), RD_DIGITALOCEAN, A_HEX, 64, 64 },
	{ P("doo_v1_"), RD_DIGITALOCEAN, A_HEX, 64, 64 },
	{ P("dor_v1_"), RD_DIGITALOCEAN, A_HEX, 64, 64 },
	{ P("dapi"), RD_DATABRICKS, A_HEX, 32, 32 },
	{ P("LTAI"), RD_CLOUD, A_ALNUM, 12, 28 },	/* Alibaba Cloud */
	{ P("AKID"), RD_CLOUD, A_ALNUM, 32, 40 },	/* Tencent Cloud */
	{ P("AKCp"), RD_CLOUD, A_ALNUM, 60, 0 },	/* JFrog */
	/* Git hosting */
	{ P("ghp_"), RD_GITHUB, A_ALNUM, 30, 0 },
	{ P("gho_"), RD_GITHUB, A_ALNUM, 30, 0 },
	{ P("ghu_"), RD_GITHUB, A_ALNUM, 30, 0 },
	{ P("ghs_"), RD_GITHUB, A_ALNUM, 30, 0 },
	{ P("ghr_"), RD_GITHUB, A_ALNUM, 30, 0 },
	{ P("github_pat_"), RD_GITHUB, A_TOK, 30, 0 },
	{ P("glpat-"), RD_GITLAB, A_TOKDOT, 20, 0 },
	{ P("glptt-"), RD_GITLAB, A_TOKDOT, 20, 0 },
	{ P("glrt-"), RD_GITLAB, A_TOKDOT, 20, 0 },
	{ P("gldt-"), RD_GITLAB, A_TOKDOT, 20, 0 },
	{ P("glcbt-"), RD_GITLAB, A_TOKDOT, 20, 0 },
	{ P("glffct-"), RD_GITLAB, A_TOKDOT, 20, 0 },
	{ P("glsoat-"), RD_GITLAB, A_TOKDOT, 20, 0 },
	{ P("glimt-"), RD_GITLAB, A_TOKDOT, 20, 0 },
	{ P("GR1348941"), RD_GITLAB, A_TOK, 20, 0 },
	{ P("ATBB"), RD_ATLASSIAN, A_ALNUM, 28, 0 },
	{ P("ATATT3"), RD_ATLASSIAN, A_B64, 30, 0 },
	/* chat */
	{ P("xoxb-"), RD_CHAT, A_TOK, 10, 0 },
	{ P("xoxp-"), RD_CHAT, A_TOK, 10, 0 },
	{ P("xoxa-"), RD_CHAT, A_TOK, 10, 0 },
	{ P("xoxr-"), RD_CHAT, A_TOK, 10, 0 },
	{ P("xoxs-"), RD_CHAT, A_TOK, 10, 0 },
	{ P("xoxe-"), RD_CHAT, A_TOK, 10, 0 },
	{ P("xoxe.xoxp-"), RD_CHAT, A_TOK, 10, 0 },
	{ P("xapp-"), RD_CHAT, A_TOK, 10, 0 },
	/* model hubs and experiment trackers */
	{ P("hf_"), RD_HUGGINGFACE, A_ALNUM, 30, 0 },
	{ P("api_org_"), RD_HUGGINGFACE, A_ALNUM, 30, 0 },
	{ P("wandb_v1_"), RD_WANDB, A_TOK, 20, 0 },
	{ P("r8_"), RD_LLM, A_ALNUM, 30, 0 },
	/* LLM APIs (longest prefix first) */
	{ P("sk-ant-"), RD_ANTHROPIC, A_TOK, 30, 0 },
	{ P("sk-proj-"), RD_OPENAI, A_TOK, 20, 0 },
	{ P("sk-svcacct-"), RD_OPENAI, A_TOK, 20, 0 },
	{ P("sk-admin-"), RD_OPENAI, A_TOK, 20, 0 },
	{ P("sk-None-"), RD_OPENAI, A_TOK, 20, 0 },
	{ P("sk-or-v1-"), RD_LLM, A_HEX, 40, 0 },
	{ P("sk-"), RD_OPENAI, A_TOK, 32, 0 },
	{ P("gsk_"), RD_LLM, A_ALNUM, 40, 0 },
	{ P("pplx-"), RD_LLM, A_ALNUM, 40, 0 },
	{ P("xai-"), RD_LLM, A_ALNUM, 50, 0 },
	/* package registries */
	{ P("npm_"), RD_NPM, A_ALNUM, 36, 36 },
	{ P("pypi-Ag"), RD_PYPI, A_TOK, 50, 0 },
	{ P("dckr_pat_"), RD_DOCKERHUB, A_TOK, 20, 0 },
	{ P("rubygems_"), RD_RUBYGEMS, A_HEX, 48, 48 },
	{ P("oy2"), RD_NUGET, A_LOWDIG, 43, 43 },
	/* payment, mail, telephony */
	{ P("sk_live_"), RD_STRIPE, A_ALNUM, 10, 0 },
	{ P("sk_test_"), RD_STRIPE, A_ALNUM, 10, 0 },
	{ P("rk_live_"), RD_STRIPE, A_ALNUM, 10, 0 },
	{ P("rk_test_"), RD_STRIPE, A_ALNUM, 10, 0 },
	{ P("SG."), RD_SENDGRID, A_TOKDOT, 60, 0 },
	{ P("SK"), RD_TWILIO, A_HEX, 32, 32 },
	/* base64 of {"auths": a docker config.json / .dockerconfigjson */
	{ P("eyJhdXRocyI"), RD_REGISTRY_AUTH, A_B64, 10, 0 },
};

#define NPREFIX	(sizeof(prefixes) / sizeof(prefixes[0]))

/* Built once (init_tables): the rows of each first letter, in table
 * order (longer prefixes of one family come first), as a chain of
 * indexes + 1. */
static uint8_t	pre_head[256], pre_next[NPREFIX];

static size_t
try_prefix(const char *p, size_t n, struct out *o)
{
	const struct prefix	*x;
	size_t			 l, r;

	for (size_t k = pre_head[(unsigned char)p[0]]; k != 0;
	    k = pre_next[k - 1]) {
		x = &prefixes[k - 1];
		if (n < (l = x->len) || p[1] != x->pre[1] ||
		    memcmp(p, x->pre, l) != 0)
			continue;
		r = run_of(p + l, n - l, x->alpha);
		if (r < x->min || (x->max != 0 && r > x->max) ||
		    (l + r < n && is_alnum((unsigned char)p[l + r])))
			continue;
		if (x->alpha != A_HEX && !mixed(p + l, r))
			continue;
		mask(o, x->det);
		return l + r;
	}
	return 0;
}

/* header.payload.signature, each base64url, starting "eyJ". */
static size_t
try_jwt(const char *p, size_t n, struct out *o)
{
	size_t	i;

	if (n < 20 || memcmp(p, "eyJ", 3) != 0)
		return 0;
	i = run_of(p, n, A_TOK);
	for (int k = 0; k < 2; k++) {
		if (i >= n || p[i] != '.')
			return 0;
		i++;
		i += run_of(p + i, n - i, A_TOK);
	}
	if (i < 20)
		return 0;
	mask(o, RD_JWT);
	return i;
}

/* ---- names that say secret ---- */

enum secret_kind { SK_NONE, SK_GENERIC, SK_STRONG };

/* Compared with '-', '_', '.' and case ignored. */
static const char *const strong_parts[] = {
	"TOKEN", "SECRET", "PASSWORD", "PASSWD", "PASSPHRASE", "CREDENTIAL",
	"PRIVATEKEY", "APIKEY", "ACCESSKEY", "ACCOUNTKEY", "SHAREDACCESSKEY",
	"SHAREDACCESSSIGNATURE", "CONNECTIONSTRING", "DOCKERCONFIG",
	"AUTHORIZATION", "CLIENTKEY", "SIGNINGKEY", "MASTERKEY", "SESSIONKEY",
	"ENCRYPTIONKEY",
};
static const char *const strong_exact[] = {
	"PASS", "PASSWD", "PWD_SECRET", "AUTH", "SIG", "COOKIE", "SETCOOKIE",
	"IDENTITYTOKEN", "LICENSEKEY",
};
/* Words that contain a strong part but name no secret. */
static const char *const not_secret[] = {
	"TOKENIZER", "TOKENIZERS", "TOKENS", "MAXTOKENS", "NUMTOKENS",
	"TOKENIZERSPARALLELISM", "PASSES", "BYPASS", "COMPASS", "PASSED",
	"PASSTHROUGH", "PASSWORDAUTHENTICATION", "TOKENSPERSECOND",
};
static const char *const generic_exact[] = {
	"KEY", "SIGNATURE", "SALT", "SESSION", "SESSIONID", "NONCE", "HMAC",
};

/* Name upper-cased without separators into b (cap 64); 0 if too long. */
static size_t
squash(const char *p, size_t n, char *b)
{
	size_t	k = 0;

	for (size_t i = 0; i < n; i++) {
		unsigned char	c = (unsigned char)p[i];

		if (c == '-' || c == '_' || c == '.' || c == '"' || c == '\'')
			continue;
		if (k == 63)
			return 0;
		b[k++] = (char)(is_lower(c) ? c - 32 : c);
	}
	b[k] = '\0';
	return k;
}

static int
in_list(const char *b, const char *const *l, size_t nl)
{
	for (size_t i = 0; i < nl; i++)
		if (b[0] == l[i][0] && strcmp(b, l[i]) == 0)
			return 1;
	return 0;
}

/* Whether b (k bytes) contains one of l: one pass, first letters first
 * (strstr per part costs more than the names it looks at). */
static int
has_part(const char *b, size_t k, const char *const *l, size_t nl)
{
	size_t	pl;

	for (size_t j = 0; j + 3 <= k; j++)
		for (size_t i = 0; i < nl; i++)
			if (b[j] == l[i][0] && b[j + 1] == l[i][1] &&
			    strncmp(b + j, l[i], (pl = strlen(l[i]))) == 0 &&
			    /* TOKENS, TOKENIZER, TOKEN_TYPE_IDS,
			     * TOKEN_BUDGET: counts and ids, not secrets */
			    !(l[i][0] == 'T' && b[j + pl] != '\0' &&
			    strchr("SITBCLP", b[j + pl]) != NULL))
				return 1;
	return 0;
}

#define NELEM(a)	(sizeof(a) / sizeof((a)[0]))

/* The first two letters of every secret word (init_tables): a name with
 * none of them is no secret, and most names are not. */
static uint8_t	bigram[26][26];

static void
add_bigrams(const char *const *l, size_t nl)
{
	for (size_t i = 0; i < nl; i++)
		bigram[l[i][0] - 'A'][l[i][1] - 'A'] = 1;
}

/* Letters a word detector can start with: bit 1 a token prefix or a
 * JWT (init_tables() adds every prefix's letter), bit 2 "password VALUE"
 * and friends, bit 4 Authorization and Bearer. */
static uint8_t	word_start[256] = {
	['e'] = 1, ['P'] = 2 | 4, ['p'] = 2, ['s'] = 2, ['S'] = 2, ['t'] = 2,
	['T'] = 2, ['a'] = 2 | 4, ['A'] = 2 | 4, ['l'] = 2, ['L'] = 2,
	['B'] = 4, ['b'] = 4,
};

static pthread_once_t	tables_once = PTHREAD_ONCE_INIT;

static void
init_tables(void)
{
	for (size_t k = NPREFIX; k > 0; k--) {
		unsigned char	c = (unsigned char)prefixes[k - 1].pre[0];

		pre_next[k - 1] = pre_head[c];
		pre_head[c] = (uint8_t)k;
		word_start[c] |= 1;
	}
	add_bigrams(strong_parts, NELEM(strong_parts));
	add_bigrams(strong_exact, NELEM(strong_exact));
	add_bigrams(generic_exact, NELEM(generic_exact));
}

static int
maybe_secret(const char *b, size_t k)
{
	for (size_t j = 0; j + 1 < k; j++) {
		unsigned	x = (unsigned char)b[j] - 'A',
				y = (unsigned char)b[j + 1] - 'A';

		if (x < 26 && y < 26 && bigram[x][y])
			return 1;
	}
	return 0;
}

static enum secret_kind
secret_kind(const char *p, size_t n, enum redact_det *det)
{
	char	b[64];
	size_t	k;

	*det = RD_ASSIGNMENT;
	if (n == 0 || is_digit((unsigned char)p[0]) ||
	    (k = squash(p, n, b)) < 3 || !maybe_secret(b, k))
		return SK_NONE;
	if (in_list(b, not_secret, NELEM(not_secret)))
		return SK_NONE;
	if (strstr(b, "ACCOUNTKEY") != NULL ||
	    strstr(b, "SHAREDACCESS") != NULL || strcmp(b, "SIG") == 0)
		*det = RD_AZURE_STORAGE;
	else if (strcmp(b, "AUTH") == 0 || strcmp(b, "IDENTITYTOKEN") == 0 ||
	    strstr(b, "DOCKERCONFIG") != NULL)
		*det = RD_REGISTRY_AUTH;
	else if (strstr(b, "WANDB") != NULL)
		*det = RD_WANDB;
	if (in_list(b, strong_exact, NELEM(strong_exact)))
		return SK_STRONG;
	if (has_part(b, k, strong_parts, NELEM(strong_parts)))
		return SK_STRONG;
	/* ..._KEY and ...PASS (AccountingStoragePass) */
	if ((n >= 4 && (strncasecmp(p + n - 4, "_KEY", 4) == 0 ||
	    strncasecmp(p + n - 4, "-KEY", 4) == 0)) ||
	    (k >= 4 && strcmp(b + k - 4, "PASS") == 0))
		return SK_STRONG;
	*det = RD_HIGH_ENTROPY;
	if (in_list(b, generic_exact, NELEM(generic_exact)) ||
	    (k > 3 && strcmp(b + k - 3, "KEY") == 0))
		return SK_GENERIC;
	return SK_NONE;
}

int
redact_secret_name(const char *p, size_t n)
{
	enum redact_det	d;

	pthread_once(&tables_once, init_tables);
	return secret_kind(p, n, &d) == SK_STRONG;
}

/* The name just before a separator at p[sep], skipping blanks and one
 * quote ("token": "..."): [*s, *e). */
static size_t
name_before(const char *p, size_t sep, size_t *s, size_t *e)
{
	*e = sep;
	while (*e > 0 && is_blank(p[*e - 1]))
		(*e)--;
	if (*e > 0 && (p[*e - 1] == '"' || p[*e - 1] == '\''))
		(*e)--;
	*s = *e;
	while (*s > 0 && (is_tok((unsigned char)p[*s - 1]) ||
	    p[*s - 1] == '.'))
		(*s)--;
	return *e - *s;
}

/* A number (counts, sizes, ids): no secret unless a password. */
static int
numeric(const char *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!is_digit((unsigned char)v[i]) && v[i] != '.')
			return 0;
	return n > 0;
}

/* Placeholders that hold no secret. */
static int
placeholder(const char *v, size_t n)
{
	static const char *const words[] = {
		"true", "false", "null", "none", "yes", "no", "on", "off",
		"(null)", "N/A", "unset", "<none>", "\"\"", "''",
	};

	if (n == 0 || has_mask(v, n) || v[0] == '$' || v[0] == '{' ||
	    v[0] == '[' || v[0] == '<')
		return 1;
	if (n > 6)
		return 0;
	for (size_t i = 0; i < NELEM(words); i++)
		if (strlen(words[i]) == n && strncasecmp(v, words[i], n) == 0)
			return 1;
	return 0;
}

/* A value after a separator: quoted (to the closing quote), to the end of
 * the line for KEY=value files (whole), else to a blank, quote or
 * delimiter. */
static size_t
value_len(const char *p, size_t n, int whole)
{
	size_t	i = 0;

	if (whole)
		return n;
	while (i < n && !is_blank(p[i]) && p[i] != '"' && p[i] != '\'' &&
	    p[i] != ',' && p[i] != ';' && p[i] != '&' && p[i] != ')' &&
	    p[i] != '}' && p[i] != ']' && p[i] != '>' && p[i] != '\r')
		i++;
	return i;
}

/* p[i] is '=' or ':' after a name: copy the separator, mask the value. */
static size_t
try_assign(const char *p, size_t n, size_t i, struct out *o)
{
	enum secret_kind	 kind;
	enum redact_det		 det;
	size_t			 s, e, j, v, ls = 0, q = 0;
	int			 whole;

	/* "dir/file-passwd: ..." names a file, not a secret */
	if (name_before(p, i, &s, &e) == 0 || (p[i] == ':' && s > 0 &&
	    p[s - 1] == '/') ||
	    (kind = secret_kind(p + s, e - s, &det)) == SK_NONE)
		return 0;
	j = i + 1;
	while (j < n && is_blank(p[j]))
		j++;
	while (ls < i && is_blank(p[ls]))
		ls++;
	whole = kind == SK_STRONG && p[i] == '=' &&
	    (s == ls || strncmp(p + ls, "export ", 7) == 0) &&
	    memchr(p + ls, ' ', s - ls) == NULL;
	if (j < n && (p[j] == '"' || p[j] == '\'')) {
		const char	*cq = memchr(p + j + 1, p[j], n - j - 1);

		q = 1;
		v = cq != NULL ? (size_t)(cq - (p + j + 1)) : n - j - 1;
		whole = 0;
	} else
		v = value_len(p + j, n - j, whole);
	if (placeholder(p + j + q, v) || (kind == SK_GENERIC &&
	    !random_value(p + j + q, v)) || (numeric(p + j + q, v) &&
	    !has_ci(p + s, e - s, "pass") && !has_ci(p + s, e - s, "pwd")))
		return 0;
	put(o, p + i, j + q - i);
	mask(o, kind == SK_GENERIC ? RD_HIGH_ENTROPY : det);
	return j + q + v - i;
}

/* ---- URLs: userinfo and webhooks ---- */

static size_t
url_end(const char *p, size_t n)
{
	size_t	i = 0;

	while (i < n && !is_blank(p[i]) && p[i] != '"' && p[i] != '\'' &&
	    p[i] != '<' && p[i] != '>' && p[i] != '`' && p[i] != ')' &&
	    p[i] != '\r')
		i++;
	return i;
}

static const char *const hook_paths[] = {
	"/services/", "/workflows/", "/webhooks/", "/webhookb2/",
	"/webhook/", "/hooks/", "/triggers/",
};

/* p[i..] is "://": mask a password in the userinfo, or a webhook's
 * path. */
static size_t
try_url(const char *p, size_t n, size_t i, struct out *o)
{
	const char	*cp;
	size_t		 s = i + 3, e, at, c, u, pe;

	if (n - i < 4 || p[i + 1] != '/' || p[i + 2] != '/' || i == 0 ||
	    !is_alnum((unsigned char)p[i - 1]))
		return 0;
	e = s + url_end(p + s, n - s);
	at = s;
	while (at < e && p[at] != '@' && p[at] != '/' && p[at] != '?' &&
	    p[at] != '#')
		at++;
	cp = at < e && p[at] == '@' ? memchr(p + s, ':', at - s) : NULL;
	if (cp != NULL && (c = (size_t)(cp - p)) + 1 < at) {
		put(o, p + i, c + 1 - i);
		if (has_mask(p + c + 1, at - c - 1)) {
			/* masked before: the URL is done, and no other
			 * detector reads its scheme as a key word */
			put(o, p + c + 1, at - c - 1);
			return at - i;
		}
		mask(o, RD_URL_USERINFO);
		return at - i;
	}
	u = at < e && p[at] == '@' ? at + 1 : s;
	/* a chat bot's token in the path: /bot123456789:AAE... */
	for (pe = u; pe + 4 < e; pe++) {
		size_t	d = 0;

		if (memcmp(p + pe, "/bot", 4) != 0)
			continue;
		while (pe + 4 + d < e && is_digit((unsigned char)p[pe + 4 + d]))
			d++;
		if (d >= 6 && pe + 4 + d < e && p[pe + 4 + d] == ':' &&
		    run_of(p + pe + 5 + d, e - pe - 5 - d, A_TOK) >= 30) {
			size_t	t = pe + 5 + d + run_of(p + pe + 5 + d,
				    e - pe - 5 - d, A_TOK);

			put(o, p + i, pe + 4 - i);
			mask(o, RD_CHAT);
			return t - i;
		}
	}
	for (size_t k = 0; k < NELEM(hook_paths); k++) {
		size_t	l = strlen(hook_paths[k]);

		for (pe = u; pe + l < e; pe++)
			if (p[pe] == '/' && memcmp(p + pe, hook_paths[k], l) ==
			    0)
				break;
		if (pe + l >= e || (k == 0 && !has_ci(p + u, pe - u,
		    "slack")))
			continue;
		/* a path masked before (under any of the hook paths: a URL
		 * can hold several) is kept as it is, so that redacting
		 * redacted text changes nothing */
		if (has_mask(p + u, e - u)) {
			put(o, p + i, e - i);
			return e - i;
		}
		if (!mixed(p + pe + l, e - pe - l) || e - pe - l < 16)
			continue;
		put(o, p + i, pe + l - i);
		mask(o, RD_WEBHOOK);
		return e - i;
	}
	return 0;
}

/* ---- words ---- */

/* "Authorization: Basic xyz" (also '=' and JSON quotes): keep the scheme
 * word, mask the credentials. */
static size_t
try_auth_header(const char *p, size_t n, struct out *o)
{
	size_t	i, j, v;

	if (n < 16 || (p[1] | 32) != (p[0] == 'P' ? 'r' : 'u'))
		return 0;
	if (starts_ci(p, n, "Proxy-Authorization"))
		i = 19;
	else if (starts_ci(p, n, "Authorization"))
		i = 13;
	else
		return 0;
	j = i;
	if (j < n && (p[j] == '"' || p[j] == '\''))
		j++;
	while (j < n && is_blank(p[j]))
		j++;
	if (j >= n || (p[j] != ':' && p[j] != '='))
		return 0;
	j++;
	while (j < n && (is_blank(p[j]) || p[j] == '"' || p[j] == '\''))
		j++;
	v = run_of(p + j, n - j, A_ALNUM);
	if (v > 0 && v < 12 && j + v < n && p[j + v] == ' ')
		j += v + 1;	/* the scheme: Basic, Bearer, token, ... */
	v = 0;
	while (j + v < n && !is_blank(p[j + v]) && p[j + v] != '"' &&
	    p[j + v] != '\'' && p[j + v] != ',' && p[j + v] != '\r')
		v++;
	if (v < 4)
		return 0;
	if (has_mask(p + j, v)) {	/* masked before: keep as it is */
		put(o, p, j + v);
		return j + v;
	}
	put(o, p, j);
	mask(o, RD_AUTH_HEADER);
	return j + v;
}

/* "Bearer <token>": keep the word, mask the token. */
static size_t
try_bearer(const char *p, size_t n, struct out *o)
{
	size_t	r;

	if (n < 15 || (p[1] | 32) != 'e' || strncasecmp(p, "bearer ", 7) != 0)
		return 0;
	r = run_of(p + 7, n - 7, A_B64);
	if (r < 8 || masked_at(p + 7, r))
		return 0;
	put(o, p, 7);
	mask(o, RD_BEARER);
	return 7 + r;
}

/* "password VALUE", "token VALUE" (netrc, prompts): only a value that
 * looks like a credential. "wandb login KEY" too. */
static size_t
try_word_value(const char *p, size_t n, const char *line, size_t ln,
    struct out *o)
{
	static const char *const words[] = {
		"password", "passwd", "passphrase", "secret", "token",
		"apikey", "api_key", "api-key", "login",
	};
	size_t			l = 0, v;
	enum redact_det		det = RD_ASSIGNMENT;

	if (n < 10 || ((p[1] | 32) != 'a' && (p[1] | 32) != 'e' &&
	    (p[1] | 32) != 'o' && (p[1] | 32) != 'p'))
		return 0;
	for (size_t k = 0; k < NELEM(words); k++)
		if ((p[0] | 32) == words[k][0] && (p[1] | 32) == words[k][1] &&
		    starts_ci(p, n, words[k]) && n > strlen(words[k]) &&
		    is_blank(p[strlen(words[k])])) {
			l = strlen(words[k]);
			if (k == NELEM(words) - 1) {
				if (!has_ci(line, ln, "wandb"))
					return 0;
				det = RD_WANDB;
			}
			break;
		}
	if (l == 0)
		return 0;
	v = 0;
	while (l + 1 + v < n && !is_blank(p[l + 1 + v]) &&
	    p[l + 1 + v] != '"' && p[l + 1 + v] != '\'')
		v++;
	/* a credential: mixed classes and not a plain word, of token
	 * characters unless a password; a wandb key is 40 hex digits */
	if (p[0] != 'p' && p[0] != 'P' && run_of(p + l + 1, v, A_B64) != v)
		return 0;
	if (v < 8 || v > 256 || has_mask(p + l + 1, v) ||
	    !mixed(p + l + 1, v) || run_of(p + l + 1, v, A_ALPHA) == v ||
	    (det == RD_WANDB && (v != 40 || run_of(p + l + 1, v, A_HEX) !=
	    v)))
		return 0;
	put(o, p, l + 1);
	mask(o, det);
	return l + 1 + v;
}


/* At the start of a word. */
static size_t
try_word(const char *p, size_t n, size_t i, struct out *o)
{
	uint8_t	ws = word_start[(unsigned char)p[i]];
	size_t	m;

	if (ws == 0)
		return 0;
	if ((ws & 1) && ((m = try_jwt(p + i, n - i, o)) != 0 ||
	    (m = try_prefix(p + i, n - i, o)) != 0))
		return m;
	if ((ws & 4) && (m = (p[i] | 32) == 'b' ? try_bearer(p + i, n - i, o) :
	    try_auth_header(p + i, n - i, o)) != 0)
		return m;
	return (ws & 2) ? try_word_value(p + i, n - i, p, n, o) : 0;
}

/* ---- options and private keys (at a '-') ---- */

static int
pem_marker(const char *p, size_t n, const char *what)
{
	size_t	l = strlen(what), e;

	if (n < l || memcmp(p, what, l) != 0)
		return 0;
	/* a label is words: "RSA PRIVATE KEY", "OPENSSH PRIVATE KEY" */
	for (e = l; e + 5 <= n && memcmp(p + e, "-----", 5) != 0; e++)
		if (!is_alnum((unsigned char)p[e]) && p[e] != ' ')
			return 0;
	return e + 5 <= n && e - l < 64 && has_ci(p + l, e - l, "PRIVATE KEY");
}

/* A private key block: the BEGIN line and everything to the END line are
 * masked; a block inside one line (JSON "\n" escapes) ends at its END
 * marker. */
static size_t
try_pem(const char *p, size_t n, size_t i, struct out *o,
    struct redact_state *st)
{
	size_t	k, e;

	if (!pem_marker(p + i, n - i, "-----BEGIN "))
		return 0;
	mask(o, RD_PRIVATE_KEY);
	for (k = i + 11; k + 9 <= n; k++)
		if (p[k] == '-' && pem_marker(p + k, n - k, "-----END ")) {
			for (e = k + 9; memcmp(p + e, "-----", 5) != 0; e++)
				;
			return e + 5 - i;
		}
	st->in_pem = 1;
	return n - i;
}

/* -u user:pass, --user=user:pass, --password X, --token=X, and -p X for
 * the tools that take a password there. */
static size_t
try_option(const char *p, size_t n, size_t i, struct out *o)
{
	size_t	d = i, e, j, v;
	int	user = 0;

	while (d < n && d - i < 2 && p[d] == '-')
		d++;
	e = d;
	while (e < n && is_tok((unsigned char)p[e]))
		e++;
	if (e == d || e >= n || (p[e] != ' ' && p[e] != '='))
		return 0;
	if ((e - d == 1 && (p[d] == 'u' || p[d] == 'U') && d - i == 1) ||
	    (e - d == 4 && strncmp(p + d, "user", 4) == 0 && d - i == 2))
		user = 1;
	else if (e - d == 1 && p[d] == 'p' && d - i == 1 &&
	    p[e] == ' ' && (has_ci(p, i, "sshpass") ||
	    has_ci(p, i, "login") || has_ci(p, i, "mysql")))
		user = 0;
	else if (d - i == 2 && redact_secret_name(p + d, e - d))
		user = 0;
	else
		return 0;
	j = e + 1;
	if (j < n && (p[j] == '"' || p[j] == '\''))
		j++;
	v = 0;
	while (j + v < n && !is_blank(p[j + v]) && p[j + v] != '"' &&
	    p[j + v] != '\'')
		v++;
	if (user) {
		const char	*cp = memchr(p + j, ':', v);

		if (cp == NULL)
			return 0;
		v -= (size_t)(cp + 1 - (p + j));
		j = (size_t)(cp + 1 - p);
	}
	/* -u 1000:1000 (docker's uid:gid), --token-budget 4096 */
	if (v == 0 || placeholder(p + j, v) || (numeric(p + j, v) &&
	    !has_ci(p + d, e - d, "pass")))
		return 0;
	put(o, p + i, j - i);
	mask(o, RD_CLI_PASSWORD);
	return j + v - i;
}

/* ---- the line ---- */

size_t
redact_scan(const char *p, size_t n, char *buf, size_t sz,
    struct redact_state *st, struct redact_tally *t)
{
	struct out	o = { buf, 0, sz, t };
	size_t		i = 0, m;
	int		c;

	pthread_once(&tables_once, init_tables);
	if (st->in_pem) {
		for (m = 0; m + 9 <= n; m++)
			if (p[m] == '-' && memcmp(p + m, "-----END ", 9) == 0)
				break;
		if (m + 9 <= n) {
			st->in_pem = 0;
			if (!pem_marker(p + m, n - m, "-----END "))
				st->in_pem = 1;
		}
		/* The block was counted once, at its BEGIN line. */
		if (n > 0)
			put(&o, REDACT_MASK, MASK_LEN);
		buf[o.n] = '\0';
		return o.n;
	}
	while (i < n) {
		c = (unsigned char)p[i];
		if (is_alnum(c)) {
			if ((i == 0 || !is_alnum((unsigned char)p[i - 1])) &&
			    (m = try_word(p, n, i, &o)) != 0) {
				i += m;
				continue;
			}
			m = i + 1;
			while (m < n && is_alnum((unsigned char)p[m]))
				m++;
			put(&o, p + i, m - i);
			i = m;
			continue;
		}
		m = 0;
		if (c == ':')
			m = try_url(p, n, i, &o);
		if (m == 0 && (c == '=' || c == ':') && i > 0)
			m = try_assign(p, n, i, &o);
		if (m == 0 && c == '-' && (i == 0 || !is_tok((unsigned char)
		    p[i - 1])))
			if ((m = try_pem(p, n, i, &o, st)) == 0)
				m = try_option(p, n, i, &o);
		if (m != 0) {
			i += m;
			continue;
		}
		/* punctuation and blanks up to the next byte that matters */
		m = i + 1;
		while (m < n && !is_alnum((unsigned char)p[m]) && p[m] != ':' &&
		    p[m] != '=' && p[m] != '-')
			m++;
		put(&o, p + i, m - i);
		i = m;
	}
	buf[o.n] = '\0';
	return o.n;
}

size_t
redact_line(const char *p, size_t n, char *buf, size_t sz, int *in_pem,
    uint64_t *cnt)
{
	struct redact_state	st = { *in_pem };
	struct redact_tally	t = { 0 };
	size_t			r;

	r = redact_scan(p, n, buf, sz, &st, &t);
	*in_pem = st.in_pem;
	*cnt += t.total;
	return r;
}

char *
redact_text(const char *s, struct redact_tally *t)
{
	struct redact_state	 st = { 0 };
	struct redact_tally	 mine = { 0 };
	size_t			 n = strlen(s), sz = REDACT_OUT_SZ(n), k = 0;
	size_t			 e;
	char			*out;

	if ((out = malloc(sz)) == NULL)
		return NULL;
	for (size_t i = 0; i <= n; i = e + 1) {
		const char	*nl = memchr(s + i, '\n', n - i);

		e = nl != NULL ? (size_t)(nl - s) : n;
		k += redact_scan(s + i, e - i, out + k, sz - k, &st, &mine);
		if (e < n)
			out[k++] = '\n';
	}
	out[k] = '\0';
	if (mine.total == 0 && (k == n && memcmp(out, s, n) == 0)) {
		free(out);
		return NULL;
	}
	if (t != NULL)
		redact_tally_add(t, &mine);
	return out;
}

char *
redact_text_fixed(const char *s, struct redact_tally *t)
{
	char	*cur = NULL, *next;

	for (int i = 0; i < REDACT_PASSES; i++) {
		if ((next = redact_text(cur != NULL ? cur : s, t)) == NULL)
			break;
		free(cur);
		cur = next;
	}
	return cur;
}

void
redact_tally_add(struct redact_tally *t, const struct redact_tally *a)
{
	t->total += a->total;
	for (int d = 0; d < RD_N; d++)
		t->by[d] += a->by[d];
}

char *
redact_tally_str(const struct redact_tally *t)
{
	size_t	sz = 64, k = 0;
	char	*s;

	for (int d = 0; d < RD_N; d++)
		sz += strlen(det_names[d]) + 24;
	if (t->total == 0 || (s = malloc(sz)) == NULL)
		return NULL;
	s[0] = '\0';
	for (int d = 0; d < RD_N; d++)
		if (t->by[d] != 0)
			k += (size_t)snprintf(s + k, sz - k, "%s%s:%llu",
			    k > 0 ? "," : "", det_names[d],
			    (unsigned long long)t->by[d]);
	return s;
}

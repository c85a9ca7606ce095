package headroom

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/headroom-go/headroom/internal/txt"
)

// corpusCase is one real tool output with what its compression must keep.
type corpusCase struct {
	name, tool, input string
	Kind              string   `json:"kind"`
	Shape             string   `json:"shape"`
	MustContain       []string `json:"must_contain"`
	Files             []string `json:"files"`
	TotalMatches      int      `json:"total_matches"`
}

// corpusUnlessShort is the corpus, or under -short (CI's race run) every
// nth case of it: the shapes still vary, and a check run on every case
// at every limit stays in seconds under the race detector. The full run
// checks every case.
func corpusUnlessShort(t testing.TB, nth int) []corpusCase {
	t.Helper()
	cases := loadCorpus(t)
	if !testing.Short() {
		return cases
	}
	var some []corpusCase
	for i := 0; i < len(cases); i += nth {
		some = append(some, cases[i])
	}
	return some
}

func loadCorpus(t testing.TB) []corpusCase {
	t.Helper()
	dirs, err := filepath.Glob(filepath.Join("testdata", "corpus", "*", "input.txt"))
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no corpus in testdata/corpus: %v", err)
	}
	var cases []corpusCase
	for _, in := range dirs {
		dir := filepath.Dir(in)
		var c corpusCase
		raw, err := os.ReadFile(filepath.Join(dir, "expect.json"))
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(raw, &c); err != nil {
			t.Fatalf("%s: %v", dir, err)
		}
		tool, _ := os.ReadFile(filepath.Join(dir, "tool.txt"))
		text, _ := os.ReadFile(in)
		c.name, c.tool, c.input = filepath.Base(dir), strings.TrimSpace(string(tool)), string(text)
		cases = append(cases, c)
	}
	return cases
}

// knownGaps are must_contain items the default pipeline does not keep yet,
// each with its reason. The test fails when one starts being kept, so the
// list cannot rot.
var knownGaps = map[string][]string{
	// Held-out set 34, session 45: 25 alike certificate objects; head, tail and the sample miss the
	// one at ~54 % and a middle PEM's fragment (~76 %).
	"json_cfssl_certinfo_loop_go_1_26_x509_policy_test_certs": {
		"\"common_name\": \"www.example.com\",\n    \"names\": [\n      \"www.example.com\"\n    ]\n  },\n  \"issuer\": {\n    \"common_name\": \"Policy Root\",",
		"bXBsZS5jb20wGgYDVR0gBBMwETAPBg0qhkiG9xIEAYS3CQIEMAoGCCqGSM49BAMC",
	},
	// Held-out set 34, session 45: message ids inside alike recorded responses of a
	// two-document YAML stream; neither is rare.
	"json_js_yaml_anthropic_sdk_go_v1_84_0_toolrunner_cassettes": {
		"msg_0146jGKLKCa86wwR9aHbrEfe",
		"msg_018RyYEDtaKf3WyN2AVY7DVZ",
	},
	// Held-out set 34, session 45: JSON lines of alike country objects; head, tail
	// and the spread miss these three.
	"json_ndjson_map_world_countries_5_1_0_jsonl": {
		"{\"cca3\":\"GNQ\",\"name\":\"Equatorial Guinea\",\"capital\":[\"Malabo\"],\"region\":\"Africa\",\"subregion\":\"Middle Africa\",\"borders\":[\"CMR\",\"GAB\"]}",
		"{\"cca3\":\"MAC\",\"name\":\"Macau\",\"capital\":[],\"region\":\"Asia\",\"subregion\":\"Eastern Asia\",\"borders\":[\"CHN\"]}",
		"{\"cca3\":\"RUS\",\"name\":\"Russia\",\"capital\":[\"Moscow\"],\"region\":\"Europe\",\"subregion\":\"Eastern Europe\",\"borders\":[\"AZE\",\"BLR\",\"CHN\",\"EST\",\"FIN\",\"GEO\",\"KAZ\",\"PRK\",\"LVA\",\"LTU\",\"MNG\",\"NOR\",\"POL\",\"UKR\"]}",
	},
	// Held-out set 34, session 45: one `PASS` row of tparse's box table among 300
	// alike ones (the table planner takes it: knownMisroutes).
	"log_tparse_all_mapstructure_v1_5_0_string_to_slice_empty": {
		"│  PASS   │    0.00 │ TestInvalidArray                                                       │ github.com/mitchellh/mapstructure  │",
	},
	// Held-out set 34, session 45: alike package records (a name, its indented
	// `Depends:` lines); the records between the spread's are cut.
	"plain_apt_rdepends_ffmpeg_debian_12_depends_closure": {
		"libgnutls30\n  Depends: libc6 (>= 2.34)\n  Depends: libgmp10 (>= 2:6.2.1+dfsg1)",
		"libpocketsphinx3\n  Depends: libc6 (>= 2.29)\n  Depends: libsphinxbase3 (>= 0.8+5prealpha+1)",
		"libjack-jackd2-0\n  Depends: libc6 (>= 2.34)\n  Depends: libdb5.3",
	},
	// Held-out set 34, session 45: diff3's `====N` hunk heads and `1:598a` ranges are
	// no signal any planner reads; its hunks are cut as prose.
	"plain_diff3_spf13_cast_v1_4_1_v1_5_0_v1_7_0_cast_test_go": {
		"====1\n1:331,358c",
		"====1\n1:598a\n2:232,235c\n3:232,235c",
		"====3\n1:1144a\n2:817a\n3:842,845c",
		"====\n1:1176a\n2:850,871c\n  func BenchmarkTooInt(b *testing.B) {",
	},
	// Held-out set 34, session 45: alike `path | N +-` rows of a diffstat (the log
	// planner takes it); the biggest changes are not picked.
	"plain_diffstat_p1_gopsutil_v3_20_10_to_v4_24_12": {
		" internal/common/common_linux.go                             |  156 ++-",
		" process/process_darwin.go                                   |  526 +++++-----",
	},
	// Held-out set 34, session 45: alike tab-separated complexity rows; the spread
	// keeps others.
	"plain_pmccabe_v_go_sqlite3_v1_14_22_amalgamation_mcc_15": {
		"33\t33\t91\t117075\t151\tsqlite3-binding.c(117075): renameTableFunc",
		"43\t43\t142\t162035\t192\tsqlite3-binding.c(162035): allocateIndexInfo",
		"31\t31\t67\t217552\t104\tsqlite3-binding.c(217552): rbuObjIterCacheTableInfo",
	},
	// Held-out set 34, session 45: a commented-out item of a read YAML list, neither a
	// key nor rare.
	"plain_read_yaml_creack_pty_v1_1_23_golangci_yml": {
		"   233\t  #   - exhaustivestruct  # Good concept, but not mature enough (errors on not assignable fields like locks) and too noisy when using AWS SDK as most fields are unused.",
	},
	// Held-out set 32, session 43: 21 alike `collection` paths; the spread
	// picks the middle and quarters, glossaries (~80 %) sits between them.
	"json_dasel_yaml_to_json_gcloud_dataplex_resources": {
		"\"collection\": \"dataplex.projects.locations.glossaries\"",
	},
	// Held-out set 32, session 43: the Go summary's 72 files are read as the
	// array (dominantArray), but the room after the head and the six
	// siblings goes to one run, not to page_route.go at ~55 %.
	"json_scc_by_file_f_json_chi_v5_1_0": {
		"\"Location\":\"middleware/page_route.go\",\"Symlocation\":\"\",\"Bytes\":519,\"Lines\":20,\"Code\":16",
	},
	// Held-out set 32, session 43: 58 alike diagnostics; the spread misses
	// binding_msgpack_test.go's at ~71 %.
	"json_testifylint_json_gin_v1_10_0_binding": {
		"\"posn\": \"/home/dev/gin/binding/binding_msgpack_test.go:27:2\"",
	},
	// Held-out set 32, session 43: 233 findings of five alike messages, none
	// a failure word; the picks (spread, the clip's tail) miss ~81 %.
	"log_go_errorlint_x_net_v0_25_0_webdav_permission_eq": {
		"/home/dev/xnet/quic/stream_test.go:34:30: comparing with != will fail on wrapped errors.",
	},
	// Held-out set 32, session 43: 211 alike require-error lines; the one at
	// ~80 % is no rarer than its neighbours.
	"log_testifylint_gin_v1_10_0_go_require_in_goroutine": {
		"/home/dev/gin/binding/multipart_form_mapping_test.go:130:2: require-error: for error assertions use require",
	},
	// Held-out set 33, session 44: 320 alike one-line errcheck findings, no
	// count; the spread keeps the injected vars.go line and misses these two.
	"log_errcheck_blank_asserts_sh_v3_10_0_delvar_dropped_error": {
		"/home/dev/sh/interp/interp_test.go:4225:5:\tr, _ := interp.New(",
		"/home/dev/sh/syntax/printer.go:817:16:\tp.WriteString(\"((\")",
	},
	// Held-out set 33, session 44: a script's `# comment` opening its listing
	// is read as no head, nor its `> ` command lines; the FAIL, its diff and
	// the clip's tail take the room.
	"log_testscript_v_shfmt_v3_10_0_simplify_params_not_inlined": {
		"# Ensure that the default \"bash\" language works with and without flags.",
		"> ! stderr 'help requested' # don't duplicate usage output",
	},
	// Held-out set 33, session 44: alike two-column rows; the spread keeps
	// others.
	"plain_column_t_etc_mime_types_media_types_10_extension_table": {
		"application/x-bittorrent                    torrent",
		"text/html                                   html htm shtml",
	},
	// Held-out set 33, session 44: indented XML examples inside a dumped
	// manual's section, neither heads nor rare.
	"plain_elinks_dump_fontconfig_2_14_user_manual": {
		"  <dir prefix=\"default\" salt=\"\">",
		"<include ignore_missing=\"yes\">conf.d</include>",
	},
	// Held-out set 33, session 44: a middle version's list item under its
	// heading; the outline keeps the headings.
	"plain_read_markdown_gojq_v0_12_16_changelog": {
		"   301\t* implement assignment operator (`=`)",
	},
	// Held-out set 33, session 44: wdiff's `[-old-] {+new+}` marks are no
	// signal any planner reads; its changed lines are cut as prose.
	"plain_wdiff_lgpl_2_0_vs_2_1_common_licenses": {
		"    b) {+Use a suitable shared library mechanism for linking with the",
		"compliance by third parties [-to-] {+with+}",
		"  13. The Free Software Foundation may publish revised and/or new",
	},
	// Held-out set 33, session 44: middle matches of busy files, not their
	// first or last.
	"search_mksh_extglob_read_loop_grep_go_internal_v1_13_1_errorf_fatalf": {
		"testscript/cmd.go:431:\t\tts.Fatalf(\"tty input file is empty\")",
		"testscript/testscript_test.go:127:\t\tt.Errorf(`e.Getenv(\"INVALID\") == %q, want %q`, got, want)",
	},
	// Held-out set 33, session 44: JSON lines of alike instruction objects;
	// head, tail and a spread miss these two.
	"json_gojq_c_select_alias_go_1_26_arm64asm_inst_table": {
		"\"Name\":\"NEGS\",\"Syntax\":\"NEGS <Xd>, <Xm>{, <shift> #<amount>}\"",
		"\"Name\":\"TST (shifted register)\",\"Syntax\":\"TST <Wn>, <Wm>",
	},
	// Held-out set 32, session 43: call edges all of one shape; head, tail
	// and spread miss the two at ~57 % and ~81 %.
	"plain_callgraph_static_grep_sort_chi_v5_1_0": {
		"decorateLine\t--static-115:30-->\t(github.com/go-chi/chi/v5/middleware.prettyStack).decorateSourceLine",
		"github.com/go-chi/chi/v5/middleware.Profiler\t--static-38:44-->\tnet/http/pprof.Handler",
	},
	// Held-out set 32, session 43: a field inside StringRules, no declaration;
	// the outline keeps the `message X {` lines and misses it.
	"plain_read_proto_protoc_gen_validate_v1_1_0_validate": {
		"   607\t        KnownRegex well_known_regex = 24;",
	},
	// Held-out set 32, session 43: echo.go's 44 matches get a few lines in the
	// rounds (its first, spread); line 317, in a clip's head, is not one.
	"search_fish_string_match_read_loop_grep_echo_v4_12_http_status": {
		"echo.go:317:\tErrTeapot ",
	},
	// Family check of carried lines, session 20: 1,043 matches in 190
	// files; these three match lines are not shown (unix_events.py and
	// client.py show an earlier match, sysconfig.py is only counted in
	// the index), so there is nothing to carry.
	"search_rg_n_B2_A2_python311_raise_valueerror_paren": {
		"./asyncio/unix_events.py:332:                raise ValueError(\n./asyncio/unix_events.py-333-                    'path was not specified, and no sock specified')",
		"./http/client.py:1218:            raise ValueError(\n./http/client.py-1219-                    f\"method can't contain control characters. {method!r} \"",
		"./sysconfig.py:340:        raise ValueError(\n./sysconfig.py-341-            f\"{key!r} returned {scheme!r}, which is not a valid scheme \"",
	},
	// Family check, session 35: Manifest.pm:590 ends on Perl's `.`,
	// which also ends a sentence, so it is no unfinished end
	// (unfinishedEnds) and carries nothing; at 16,000 B every match
	// shows and its context line, mid-way through the output, is one of
	// the 200 of 357 context lines the clip's runs and the nearest lines
	// leave out.
	"search_grep_rn_C2_perl536_croak_tap_pod_extutils": {
		"ExtUtils/Manifest.pm:590:\t    croak(\"ExtUtils::Manifest::cp_if_diff \" .\nExtUtils/Manifest.pm-591-\t\t  \"called with illegal how argument [$how]. \" .",
	},
	// Held-out set 9 (its first run is in the corpus README): what it
	// loses at 16,000 bytes on its first run, before any fix, and why.
	// an object of 134 input records keyed by path: the middle record
	// is where no spread pick lands (its dynamic import is kept, rare)
	"json_esbuild_metafile_c8_cli_bundle": {
		"    \"node_modules/c8/lib/report.js\": {\n      \"bytes\": 15648,",
	},
	// 1139 one-line packages sorted by name, no kind key: the head run
	// stops at half the room, short of git (line 93), which heads only
	// git-man, one name, under familyMin; python3 and libc6 are kept as
	// roots of families of names
	"json_dpkg_query_jsonl_installed_1139_packages": {
		"{\"package\":\"git\",\"version\":\"1:2.39.5-0+deb12u3\",\"arch\":\"amd64\",\"installed_kb\":44890}",
	},
	// Family checks, session 27: files no family names (a directory
	// heads its files) and the spread's picks (the middle, the quarters,
	// …) do not land on
	"json_find_printf_jsonl_perl_5_36_lib_1402_paths": {
		"{\"path\":\"Getopt/Long.pm\",\"mode\":\"-rw-r--r--\",\"bytes\":83897}",
		"{\"path\":\"Test/More.pm\",\"mode\":\"-rw-r--r--\",\"bytes\":52979}",
	},
	// Family check, session 39: stat's rows of /usr/bin, as find's
	// above; jq (line 586 of 794) heads no family, and the spread's picks
	// pass it by
	"json_stat_c_jsonl_usr_bin_a_to_l_794_files": {
		"{\"path\":\"/usr/bin/jq\",\"bytes\":30800,\"mode\":\"-rwxr-xr-x\",\"links\":1}",
	},
	// a dependency's package six rows before the tail run: the spread's
	// picks land beside it
	"json_go_list_deps_jsonl_x_text_320_packages": {
		"{\"path\":\"golang.org/x/tools/go/packages\",\"std\":false,\"files\":7,\"imports\":31}",
	},
	// 293 one-line components read as JSON lines, no key sorting them
	// into kinds: the head and tail runs of the clip's split; the
	// component at line 120 is in the dropped middle, as in the clip
	"json_jq_c_cyclonedx_sbom_jetty_home_293_components": {
		"{\"group\":\"jakarta.servlet\",\"name\":\"jakarta.servlet-api\",\"version\":\"6.0.0\",\"scope\":\"required\",\"licenses\":[\"EPL-2.0\",\"GPL-2.0-with-classpath-exception\"],\"sha256\":\"c034eb1afb158987dbb53a5fea0cadf611c8dae8daadd59c44d9d5ab70129cef\"",
	},
	// a compact-style model of 286 shapes: the outline shows the
	// operations and, as a clip's tail, the last shape before
	// `documentation`; a middle enum among the shapes is cut
	"json_read_botocore_drs_service_2_api_model": {
		"    \"ReplicationConfigurationDataPlaneRouting\":{\n      \"type\":\"string\",\n      \"enum\":[\n        \"PRIVATE_IP\",\n        \"PUBLIC_IP\"\n      ]\n    },",
	},
	// two right-aligned lint tables of over 1,000 rows: sampled rows are
	// spread, these two rows are not among them
	"plain_clippy_driver_w_help_lint_tables": {
		"                                        clippy::unwrap-used  allow    using `.unwrap()` on `Result` or `Option`, which should at least get a better message using `expect()`",
		"                         clippy::absurd-extreme-comparisons  deny     a comparison with a maximum or minimum value that is always true or false",
	},
	// 477 `find -ls` rows: the largest files are kept by their size and
	// blocks columns, but broadcast.rs is the 15th largest, below the
	// rounds of peaks that fit
	"plain_find_ls_tokio_1_24_2_source_tree": {
		"  1115478     36 -rw-r--r--   1 root     root        36854 Jul 24  2006 tokio-1.24.2/src/sync/broadcast.rs",
	},
	// the section headings are kept (33 more of 39); a constant inside
	// one of the 39 sections is an instruction line among 2,700
	"plain_python_m_dis_gettext_module_bytecode": {
		"            374 LOAD_CONST              14 ('Bad magic number')",
	},
	// the allocation tree under ms_print's peak snapshot sits in the
	// middle, marked only in the snapshot list
	"plain_valgrind_massif_ms_print_jq_iso_3166_2": {
		"| ->21.47% (776,980B) 0x486FB3A: jv_string_sized (in /usr/lib/x86_64-linux-gnu/libjq.so.1.0.4)",
	},
	// Held-out set 8 (its first run is in the corpus README): what it
	// still loses at 16,000 bytes after the fixes it prompted, and why.
	// mime-db's map of 2,000 alike members gets the sequence plan, its
	// first members, a spread in runs of neighbours and the last one
	// whole: members at a quarter, a half and three quarters are where no
	// run lands but by chance.
	"json_cat_mime_db_1_54_db_json": {
		`  "application/json": {
    "source": "iana",
    "charset": "UTF-8",
    "compressible": true,
    "extensions": ["json","map"]
  },`,
		`  "image/png": {
    "source": "iana",
    "compressible": false,
    "extensions": ["png"]
  },`,
		`  "text/html": {
    "source": "iana",
    "compressible": true,
    "extensions": ["html","htm","shtml"]
  },`,
	},
	// JSON family check, set 8, after the fixes it checks (one-line
	// documents kept as verbatim slices, flat maps as sequences): what
	// an even spread of webpack's 893 release times leaves between its
	// picks, a row that no pick lands on but by chance. (The middle and
	// quarters of a spread are picked since session 41, spreadAnchors:
	// 7,910 languages' and lintian's 554 architectures' rows at a
	// quarter, a half and three quarters are kept now.)
	"json_npm_view_webpack_jq_c_one_line": {
		`"5.1.1":"2024-12-13T02:18:44.292000+00:00"`,
	},
	// hlint's Found:/Perhaps: snippets quote code that calls `error "…"`,
	// read as failures: none of the eight `Use fewer imports` among 145
	// warnings is a kind told.
	"log_hlint_lens_attoparsec_aeson_megaparsec_parse_error": {
		`lens-5.0.1/src/Control/Lens/Internal/Prelude.hs:77:1-58: Warning: Use fewer imports`,
	},
	// Every one of the 110 errors is kept by its first line, which takes
	// the room: the banner above the first (`Standard Doclet …`) and
	// this error's quoted source line, its second, do not fit after them.
	"log_javadoc_xdoclint_all_commons_pool_src_and_tests": {
		`Standard Doclet version 17.0.15+6-Debian-1deb12u1`,
		`src/java/org/apache/commons/pool/impl/GenericObjectPool.java:982: error: unknown tag: true
     * @return <code>true</true> if the pool is configured to act as a LIFO queue`,
	},
	// Still lost after the fixes set 8 prompted: make's database, whose
	// phony `compile:` target at 26 % is one of 300 file records of the
	// same few shapes; no failure signal, rare shape or lead sets it apart
	// (the line planner keeps the error on line 4 and the head and tail).
	// The elixir.app rule line, kept as a line of a rare shape until
	// session 33, lost its place when `<D =` and `<F =` (make's automatic
	// variables) got leads of their own, a field that opens with
	// punctuation before a word now read as both: the rare stage and the
	// head share the room differently, eight more head lines (a clip's
	// own) for that one line.
	"plain_make_pn_database_elixir_makefile": {
		`compile: erlang lib/elixir/ebin/elixir.app elixir
#  Phony target (prerequisite of .PHONY).`,
		`lib/elixir/ebin/elixir.app: lib/elixir/src/elixir.app.src lib/elixir/ebin VERSION /home/dev/h8/src/elixir-1.14.0/lib/elixir/generate_app.escript`,
	},
	// A table now, its slowest calls kept by their columns; the lexer's
	// class row is one of a thousand 0.000 import-time rows that no
	// column, shape or rarity tells apart.
	"plain_python_cprofile_sort_cumulative_pygmentize_enum_ex": {
		`        1    0.000    0.000    0.000    0.000 erlang.py:220(ElixirLexer)`,
	},
	// mix's compile task is a 6.8 KB file among 844 rows that differ
	// only in path and size: neither among the largest nor rare.
	"plain_tar_tvJf_elixir_orig_tarball": {
		`-rw-rw-r-- root/root      6823 2022-09-01 18:06 elixir-1.14.0/lib/mix/lib/mix/tasks/compile.ex`,
	},
	// Family checks of session 36 (plainA), roots of families of row
	// names: TAP/Harness.pm heads three names, fewer than the eight
	// roots kept; x/exp's packages each head one name (its _test file)
	// or none, so no root is theirs.
	"plain_tar_tv_perl_5_36_module_trees": {
		`-rw-r--r-- root/root     29552 2026-09-29 01:59 TAP/Harness.pm`,
	},
	"plain_zipinfo_go_x_exp_module_zip": {
		`-rw----     2.0 fat     1775 bl defN 80-000-00 00:00 golang.org/x/exp@v0.0.0-20231110203233-9a3e6036ecaa/constraints/constraints.go`,
		`-rw----     2.0 fat     2365 bl defN 80-000-00 00:00 golang.org/x/exp@v0.0.0-20231110203233-9a3e6036ecaa/maps/maps.go`,
	},
	// Family checks for set 8 (cases made to test that the fixes set 8
	// prompted generalise), after those fixes. The sed manual is outlined
	// by its underlined headings: 72 headings with their node lines and
	// the first line of each section come first, and of its 199 terms,
	// taken last and biggest first, -i is not one that fits.
	"plain_info_subnodes_sed_manual": {
		"‘-i[SUFFIX]’\n‘--in-place[=SUFFIX]’\n     This option specifies that files are to be edited in-place.  GNU",
	},
	// Held-out cases (added after the planners were built; see the
	// corpus README): what they lose at 16,000 bytes, and why.
	// Held-out set 7, logs. markdownlint's 2,655 findings are all
	// warnings, told once each rarest rule first; MD013 line-length is
	// the commonest rule (1,100 findings), so its findings come last and
	// in input order, and is-number's, at 50 %, does not fit.
	"log_markdownlint_cli_node_modules_readmes_2655_findings": {
		"node_modules/is-number/README.md:1:81 MD013/line-length Line length [Expected: 80; Actual: 516]",
	},
	// Held-out set 7, plain and JSON.
	// 5,127 alike {code, name, type} objects: the outline spreads 1 in 85
	// of them, those of a rare type first (GB-LND, the one "City
	// corporation"); these two particular subdivisions are of common
	// types, where no spread of any rule lands but by chance.
	"json_cat_iso_codes_3166_2_subdivisions": {
		"      \"code\": \"DE-BY\",\n      \"name\": \"Bayern\",",
		"      \"code\": \"US-CA\",\n      \"name\": \"California\",",
	},
	// JSON set 8 (see the corpus README): what they lose at 16,000
	// bytes, and why.
	// 129 libuv handles of 100-300 bytes, sampled whole: these two (an
	// fs_event at index 60, a tcp handle at 100) fall between the picks.
	"json_node_report_uncaught_exception_129_handles": {
		"      \"filename\": \"/usr/share/doc/e2fsprogs\"",
		"        \"ip4\": \"127.0.0.1\",\n        \"port\": 45369",
	},
	// A digest shows a manifest's naming members (_id, name, version);
	// a tarball URL is none of them, and only the last manifest is kept
	// with its ends.
	"json_npm_view_express_4_json_95_manifests": {
		"      \"tarball\": \"https://registry.example/express/-/express-4.19.1.tgz\"",
	},
	// A hex dump is a table to the table planner: header rows, a 30 % head
	// and an even spread; two particular rows of the text column (at 40 %
	// and 88 % of the dump) are where the spread does not land.
	"plain_hexdump_C_grep_de_mo_catalog": {
		"00001e20  55 73 61 67 65 3a 20 25  73 20 5b 4f 50 54 49 4f  |Usage: %s [OPTIO|",
		"000041a0  bc 72 20 5c 7b 00 41 75  66 72 75 66 3a 20 25 73  |.r \\{.Aufruf: %s|",
	},
	// ldd over 326 binaries: curl's libcurl is in cmake, cpack and ctest
	// too, shown once with cmake; curl's header is left to the spread.
	"plain_ldd_usr_bin_a_to_f_326_binaries": {
		"/usr/bin/curl:\n\tlinux-vdso.so.1 (0x00007f84ea848000)\n\tlibcurl.so.4 => /lib/x86_64-linux-gnu/libcurl.so.4",
	},
	// nm of an archive: every member's header and first symbols are kept
	// breadth first; the API's T symbols sit deep inside one member,
	// among hundreds of U references no rule tells apart from them.
	"plain_nm_C_libssl_archive_46_members": {
		"0000000000008ef0 T SSL_new",
		"0000000000009e00 T SSL_CTX_new",
	},
	// The first finding, an info in the first script: the log plan keeps
	// the one error whole with its `In file line N:` header, then the
	// rarer kinds of finding, and this common one falls between.
	"log_shellcheck_usr_bin_scripts_one_error": {
		"In apt-key line 5:\nexport IFS=\"$(printf \"\\n\\b\")\"",
	},
	// git blame, by the line planner: the other commit's three lines are
	// the rarest lead and kept; this declaration is of a common commit and
	// a common shape, and falls between the spread's picks.
	"plain_git_blame_regexp2_parser_three_changed": {
		"^d5b2fb1 (Dev Example 2026-11-20 10:00:00 +0000 1355) func (p *parser) typeFromCode(ch rune) nodeType {",
	},
	// strace, by the line planner: the ENOENT that matters (the last of
	// its kind), Ruby's Errno::ENOENT and the open that ended the search
	// for generator.so are kept; this ordinary call, common in name and
	// shape and ending no search, falls between the spread's picks.
	"plain_strace_f_ruby_json_enoent": {
		`newfstatat(AT_FDCWD, "/usr/lib/ruby/gems/3.1.0/specifications/default/json-2.6.1.gemspec", {st_mode=S_IFREG|0644, st_size=2240, ...}, 0) = 0`,
	},
	// 139 files, 337 matches: all but a few files show their first match,
	// the others are listed with their counts; this is the busiest file's
	// ninth match, which a breadth-first plan does not reach.
	"search_git_grep_todo_prometheus": {
		"context.TODO(), 0, evalTime, slowQueryFunc, nil, 0,",
	},
	// Held-out sets 3 and 4 (see the corpus README): what they lose at
	// 16,000 bytes, and why.
	// config.log after configure's error: hundreds of conftest lines with
	// expected failures; the error and the check are kept, these two lines of
	// the failing check's log are not.
	"log_configure_or_cat_config_log_missing_libpcre": {
		`configure:5410: checking for library containing pcre_compile`,
		"/home/dev/shootout/conftest.c:68: undefined reference to `pcre_compile'",
	},
	// The coverage table after the failures: the failure blocks and the verdict
	// take the room; the table's rows are not told apart from other lines.
	"log_jest_coverage_verbose_semver_caret_prerelease": {
		`All files           |   69.54 |    45.16 |   73.68 |    69.5 |`,
		`  range.js          |   71.58 |    55.88 |    75.6 |   70.41 |`,
	},
	// A word diff in a commit log: the change is the 8th hunk of a file
	// with 21, and its hunk's first changes are the ones kept.
	"plain_git_log_p_word_diff_cobra_v160_v180": {
		"{+if EnableTraverseRunHooks {+}",
	},
	// A box-drawn table row in a rendered manual: the section outline keeps
	// headings, each section's first line and its option terms, not table rows.
	"plain_man_p_cat_systemd_exec": {
		`       │203       │ EXIT_EXEC                    │`,
	},
	// 2,877 declarations in 214 KB, some 300 kept: macros of one line
	// each, weighed alike, and this one is not among those kept.
	"plain_read_c_header_cat_n_usr_include_elf_h": {
		`  3385	#define R_X86_64_NONE		0	/* No reloc */`,
	},
	// A comment in the head's leading comment block: the head moves on to the
	// first code line after two worded comment lines.
	"plain_read_makefile_makemaker_text_csv": {
		`    22	#     PREREQ_PM => { IO::Handle=>q[0], Test::Harness=>q[0], Test::More=>q[0.71] }`,
	},
	// 1,951 INSERTs of one shape: this row falls between the line planner's picks.
	// An opening comment block of twelve lines: the head keeps its first
	// two worded lines (the title, the copyright) and skips to the code;
	// the file's path on the sixth is cut.
	"plain_read_sql_postgresql_15_system_views": {
		"     6\t * src/backend/catalog/system_views.sql",
	},
	"plain_sqlite3_dump_go_std_import_graph": {
		`INSERT INTO pkg VALUES('net/http','http',30);`,
	},
	// 940 top-level entries, more than fit: the head is kept whole as far as a
	// clip's would go, the rest of the top level spread evenly, and this entry
	// is shown (or not) without its first child.
	"plain_tree_ascii_L2_usr_share_doc": {
		"|-- python3\n|   |-- README.Debian",
	},
	// A hex dump of one shape: this row of the string table falls between the
	// line planner's picks.
	"plain_xxd_elf_object_lz4frame_o": {
		`00004030: 726f 7200 4c5a 3446 5f67 6574 4572 726f  ror.LZ4F_getErro`,
	},
	// New real cases (reads, diffs, one-line giants, tables, listings,
	// JSON lines) that the clip fallback loses: pending the planners of
	// issue 11.
	"plain_ls_laR_django_admin": {},
	// A 690 KB header with some 2,000 declarations (344 API functions
	// alone take 23 KB): the outline keeps the functions with the
	// most documentation and body and a spread of the others in the room
	// the types leave; this one shares the comment above sqlite3_prepare,
	// weighs its six lines, and falls between.
	"plain_read_c_header_sqlite3_h": {
		"SQLITE_API int sqlite3_prepare_v2(",
	},
	// 2,650 paths: the head, the tail and paths spread between (runs of
	// three around the middle, the quarters, the eighths, …) are shown;
	// these are at a third and two thirds of the list, which a spread by
	// halves only comes near.
	"plain_find_goroot_cmd_go_files": {
		"./link/internal/ld/data.go",
		"./internal/par/work_test.go",
	},
	// 203 binary-file notices of two shapes of path (187 .pyc, 16 .so):
	// the 22 lines that fit in the notices' eighth of the budget take
	// turns between the shapes, each spread over its shape (first, last,
	// the ends growing, the middle, the quarters); this is the seventh of
	// the 16 .so lines, which a spread of ten of them does not reach.
	"search_grep_rn_numpy_valueerror_binary_notices": {
		"grep: numpy/random/_generator.cpython-311-x86_64-linux-gnu.so: binary file matches",
	},

	// Validator family checks (issue 10), what they lose at 16,000
	// bytes and why. pyflakes: 405 star-import findings of a dozen kinds,
	// told rarest first and in input order within a kind; this one, of a
	// common kind, falls after the budget.
	"log_pyflakes_pyyaml_star_imports_missing_colon": {
		"yaml/__init__.py:287:65: 'Dumper' may be undefined, or defined from star imports: .cyaml, .dumper, .error, .events, .loader, .nodes, .tokens",
	},
	// codespell reads as grep -n output (see knownMisroutes): the search
	// planner's breadth over files does not reach this one of 370
	// findings in unicore/Name.pl.
	"log_codespell_count_perl_core_lib_injected_typo": {
		"./unicore/Name.pl:64190: BU ==> BY, BE, BUT, BUG, BUN, BUD, BUY, BUM",
	},

	// 57 failures in 150 KB, each a distinct test: the rarest kinds are told first, and this failure's last line is reached, but its '>' source line is the second of its telling lines and the 57 FAILED summary lines take the room first.
	"log_pytest_click_injected_failures": {
		">           return self._number_class(value.strip())",
	},

	// Held-out set 10 (its first run is in the corpus README): what it
	// loses at 16,000 bytes on its first run, before any fix, and why.
	// 68 same-shaped diagnostics, all `"severity": "error"`: the one of
	// a rule no other has is kept first, but this one's rule
	// (reportAttributeAccessIssue) six share, and of the alike rest the
	// outline shows a few from the ends
	"json_pyright_outputjson_babel_messages_undefined_name": {
		"\"message\": \"Cannot assign to attribute \\\"print_help\\\" for class \\\"OptionParser\\\"",
	},
	// 37 target specs with the same keys: one spec's description in the
	// middle, told apart only by its values, is summarised
	"json_rustc_print_all_target_specs_jq_riscv_targets": {
		"\"description\": \"RISC-V Linux (kernel 4.20, glibc 2.29)\",",
	},
	// Family checks of the description digests (session 24): 25 Armv7 and
	// 29 Thumb target specs, cut by less than half at 16,000 bytes; the
	// sequence plan keeps whole the first specs, as many as a clip's head,
	// and the last, and the specs past the head (a description) are in
	// its gaps
	"json_rustc_print_all_target_specs_jq_armv7_targets": {
		"\"description\": \"ARMv7-A Cortex-A with NuttX\",",
		"\"description\": \"Armv7-A Trusty\",",
	},
	"json_rustc_print_all_target_specs_jq_thumb_targets": {
		"\"description\": \"Thumb2-mode ARMv7-A Linux with NEON, musl 1.2.5\",",
	},
	// Family checks of a thrown error's message as a failure (session 24):
	// node reports of 20 and 41 listening servers; the middle server's
	// port is one of many alike libuv handles, and the outline samples
	// their ends (the 20 servers' is kept since session 32: the handles
	// array, which a clip's head runs into, goes on with its head run)
	"json_node_report_uncaught_syntaxerror_41_servers": {
		"        \"ip4\": \"127.0.0.1\",\n        \"port\": 34925",
	},
	// 397 `✖` findings, every one a failure line: a rare rule's finding
	// in the middle (function-url-quotes) is folded into its file's gap
	"log_stylelint_standard_highlightjs_themes_unclosed_block": {
		"  1:118  ✖  Expected quotes around \"url\" function argument",
	},
	// two tables of padded option names read as lines: rows of a rare
	// shape are kept first, and these alike rows are not among them
	"plain_gcc_Q_help_warnings_optimizers_o2_wall": {
		"  -Wunused-variable           \t\t[enabled]",
		"  -finline-functions          \t\t[enabled]",
	},
	// Held-out set 29 (its first run is in the corpus README): what it
	// loses at 16,000 bytes, and why.
	// biome lint --reporter=json: one 24 KB line of 91 diagnostics, 57 of
	// them the same `Redundant use strict directive.`; the outline four
	// levels deep keeps 3 of the 12 rarer ones, and SymlinkPlugin.js's
	// unused `err` at ~57 % is not among them.
	"json_biome_lint_reporter_json_enhanced_resolve_5_27_lib": {
		"{\"severity\":\"warning\",\"message\":\"This parameter err is unused.\",\"category\":\"lint/correctness/noUnusedFunctionParameters\",\"location\":{\"path\":\"enhanced-resolve/lib/SymlinkPlugin.js\",\"start\":{\"line\":93,\"column\":7}",
	},
	// structlayout -json: three one-line arrays of alike seven-key field
	// records; tls.Conn's handshakeFn at ~60 % is one alike record among
	// the 92 spread between the head and the tail.
	"json_structlayout_json_net_http_server_transport_tls_conn": {
		"{\"name\":\"Conn.handshakeFn\",\"type\":\"func(context.Context) error\",\"start\":24,\"end\":32,\"size\":8,\"align\":8,\"is_padding\":false}",
	},
	// pdftotext -layout of a paper: the lines planner keeps failure lines
	// one by one, and the failed quilt push at ~50 % is three lines (the
	// hunk, the rejects line, `does not apply`) kept apart, not together.
	"plain_pdftotext_layout_quilt_how_to_survive_many_patches": {
		"      Hunk #1 FAILED at 2.\n      1 out of 1 hunk FAILED -- rejects in file Oberon.txt\n      Patch flower.diff does not apply (enforce with -f)",
	},
	// Held-out set 27 (its first run is in the corpus README): what it
	// loses at 16,000 bytes, and why.
	// lsfd -J: 145 alike ten-key records; the outline three levels deep
	// shows 584 of 1,596 values, and pid 20139's `exe` record at ~66 % is
	// one alike record among the many it summarises.
	"json_lsfd_j_postgres_15_cluster_six_processes_no_mem": {
		"\"pid\": 20139,\n         \"user\": \"postgres\",\n         \"assoc\": \"exe\",",
	},
	// gosec: 72 alike coloured issue blocks; the G104 one at ~63 % is an
	// alike block in the middle, after the type errors and the first issues.
	"log_gosec_gorilla_websocket_v1_5_3_prepared_lok_type_error": {
		"/home/dev/src/websocket/examples/chat/client.go:115\x1b[0m] - G104 (CWE-703): Errors unhandled",
	},
	// ocamlc -i: two inferred signatures back to back, outlined by their
	// declaration lines (session 38); of 341, 127 fit with the types
	// that wrap under them, the biggest first, and the one-line
	// `val pp_open_box` at ~67 % is not among them.
	"plain_ocamlc_i_camlinternalformat_format_ml_inferred_signatures": {
		"val pp_open_box : formatter -> int -> unit",
	},
	// psql \d+: every centred title is kept as a section heading, with
	// its table's header, rule and first row, but the rows further down
	// are spread thin: pg_class's middle row is cut.
	"plain_psql_d_plus_pg_catalog_pg_a_to_c_relations": {
		" relpersistence      | \"char\"       |           | not null |         | plain    |             |              | ",
	},
	// Family checks of set 27's psql case, session 39 (another schema,
	// \d without +): every title is kept, with the first row of most
	// tables; a row in the middle of one table is cut as there.
	"plain_psql_d_plus_information_schema_a_to_c_views": {
		" data_type                | information_schema.character_data  |           |          |         | extended | ",
	},
	"plain_psql_d_pg_catalog_pg_d_to_p_relations": {
		" nspowner | oid       |           | not null | ",
	},
	// Held-out set 26 (its first run is in the corpus README): what it
	// loses at 16,000 bytes, and why.
	// c8 json-summary: 188 alike one-line per-file records; the one with
	// low coverage in the middle is spread over like its neighbours.
	"json_c8_json_summary_lodash_4_17_21_modular_demo": {
		"\"/home/dev/lodash-demo/lodash/_equalArrays.js\": {\"lines\":{\"total\":84,\"covered\":23,\"skipped\":0,\"pct\":27.38}",
	},
	// SBCL (session 39 reads `Unhandled UNDEFINED-FUNCTION in thread …`
	// as a failure, namesUncaught): flexi-streams' `;;; ==== loading
	// system` line names no file: the step rule (stepAbove) does not
	// take it.
	"log_sbcl_asdf_compile_flexi_streams_undefined_octet_index": {
		";;; ==== loading system flexi-streams",
	},
	// SBCL's DIVISION-BY-ZERO after a passing sb-rt run (session 39's
	// family check; main's lines planner kept the line as one of a rare
	// shape): the log planner keeps the Unhandled block, its frames and
	// the verdict, but the log is not quiet (the compile notes are 137 of
	// 785 lines), so `Doing 249 pending tests` at ~77 % is no rare-shape
	// pick and falls between the head and the tail.
	"log_sbcl_sb_rt_alexandria_tests_mean_division_by_zero": {
		"Doing 249 pending tests of 249 tests total.",
	},
	// PrintFlagsFinal: 558 alike flag rows; the two ergonomic flags asked
	// for are rows in the middle, not of a rare shape.
	"plain_java_xx_printflagsfinal_openjdk_17_0_15_vm_flags": {
		"   size_t MaxHeapSize                              = 6320816128                                {product} {ergonomic}",
		"     bool UseCompressedOops                        = true                           {product lp64_product} {ergonomic}",
	},
	// pahole: backtrace_state's member half-way in, which no head reaches
	// (its size line is kept since the plan over a lace of rare rows is
	// made again head first, see headLaced).
	"plain_pahole_libasan_so_8_gcc_12_struct_layouts": {
		"\tint                        fileline_initialization_failed; /*    56     4 */",
	},
	// Family check, session 40 (plainI): pahole of libnss_compat, cut
	// little; the lines planner picks 30 of nss_module_functions' function
	// pointers, each led by a type met once, as of a rare shape, each with
	// a gap note, and the head stops before their struct's size line; the
	// clip keeps none of these either. (plainQ: its structs, their `};`
	// closers read as their blocks' last lines, are records now, and
	// their openers are kept.)
	"plain_pahole_libnss_compat_glibc_2_36_struct_layouts": {
		"\t/* size: 512, cachelines: 8, members: 64 */",
		"\tstruct nss_module *        next;                 /*   528     8 */",
	},
	// strings -t x: a run of `Y!` in the middle is one alike row among
	// hundreds.
	"plain_strings_t_x_cscope_15_9_binary": {
		"  def34 Y!Y!Y!Y!Y!Y!Y!Y!Y!Y!Y!Y!Y!Y!^",
	},
	// Held-out set 25 (its first run is in the corpus README): what it
	// loses at 16,000 bytes, and why.
	// csvjson: 108 alike nine-key objects; eight say "OK": false, and the
	// spread keeps none of them whole (its marker: 0 of 8 failing members).
	"json_csvjson_indent_2_r_cran_mirrors_csv": {
		"\"URL\": \"https://ftp.heanet.ie/mirrors/cran.r-project.org/\",\n    \"Host\": \"HEAnet,Dublin\",\n    \"Maintainer\": \"mirrors # heanet.ie\",\n    \"OK\": false,",
	},
	// ncdu -o-: nested arrays of one-line file objects; the largest file
	// (tzdata.zi, 114 KB) is a middle line ranked no higher than its
	// neighbours.
	"json_ncdu_o_export_usr_share_zoneinfo_tzdata": {
		"{\"name\":\"tzdata.zi\",\"asize\":114350,\"dsize\":114688}",
	},
	// radon cc -j: one 40 KB line of per-file arrays; the rare D, E and F
	// ranks among A and B sit in the middle of the line.
	"json_radon_cc_s_j_csvkit_1_0_7_one_line": {
		"{\"csvkit/cli.py\": [{\"type\": \"function\", \"rank\": \"D\", \"col_offset\": 0, \"endline\": 546, \"lineno\": 469, \"name\": \"parse_column_identifiers\"",
		"\"rank\": \"E\", \"col_offset\": 4, \"endline\": 150, \"lineno\": 82, \"name\": \"main\", \"classname\": \"CSVSQL\", \"complexity\": 32",
		"\"rank\": \"F\", \"col_offset\": 4, \"endline\": 198, \"lineno\": 85, \"name\": \"main\", \"classname\": \"In2CSV\", \"complexity\": 41",
	},
	// guild compile -W3: srfi-35's warning is an alike row in the middle
	// (srfi-18's `wrote` row, the step above the failure, is kept since
	// session 37).
	"log_guild_compile_w3_guile_ice9_srfi_web_srfi19_stray_paren": {
		"srfi/srfi-35.scm:63:6: warning: unused variable `failure'",
	},
	// splint loops: `*** Cannot continue.` is a failure phrase now, kept
	// with the Parse Error above it; but every finding at a `path:L:C:`
	// position is an error line too (splint's `code warnings` carry no
	// severity word), so the failures are a hundred, and the `+ splint`
	// step above the Parse Error, and the last file's, are not reached.
	"log_splint_posixlib_expat_idn2_lzma_examples_missing_semicolon": {
		"+ splint +posixlib liblzma-dev/02_decompress.c",
		"+ splint +posixlib liblzma-dev/04_compress_easy_mt.c",
	},
	"log_splint_posixlib_xmlsec1_examples_encrypt2_missing_semicolon": {
		"+ splint +posixlib -I/usr/include/libxml2 -I/usr/include/xmlsec1 libxmlsec1-dev/encrypt2.c",
		"+ splint +posixlib -I/usr/include/libxml2 -I/usr/include/xmlsec1 libxmlsec1-dev/verify1.c",
	},
	// Held-out set 24 (its first run is in the corpus README): what it
	// loses at 16,000 bytes, and why.
	// apt-cache showpkg: 968 alike `  PKG,libssl3 VER` reverse-depends rows;
	// the two in the middle hold nothing rarer than their neighbours.
	"plain_apt_cache_showpkg_libssl3_reverse_depends": {
		"  opendkim-tools,libssl3 3.0.0",
		"  libghc-hookup-dev,libssl3 3.0.0",
	},
	// jimage list: five `Module:` headings over 727 alike class rows; a
	// class at 70 % is one of java.rmi's alike rows.
	"plain_jimage_list_include_jdk17_modules_sql_logging_net_http_rmi_prefs": {
		"java/rmi/server/RMIClassLoader.class",
	},
	// Held-out set 23 (its first run is in the corpus README): what it
	// loses at 16,000 bytes, and why.
	// jq -c --stream: 482 leaf lines `[[path…],leaf]`, all opening alike;
	// http-errors' integrity at half the stream is in neither the head run
	// nor the tail run the spread keeps (as in neither end of the clip).
	"json_jq_c_stream_leaves_npm_lockfile_express_app": {
		"[[\"packages\",\"node_modules/http-errors\",\"integrity\"],\"sha512-FtwrG/euBzaEjYeRqOgly7G0qviiXoJWnvEH2Z1plBdXgbyjv34pHTSb9zoeHMyDy33+DWy5Wt9Wo+TURtOYSQ==\"]",
	},
	// Family checks of jq --stream (session 34): leaf lines alike but for
	// their names; a middle leaf falls between the head and tail runs, and
	// semver's lone `bin` leaf is no rarer to the spread than any other.
	"json_jq_c_stream_leaves_iso_15924_scripts": {
		"[[\"15924\",136,\"name\"],\"Sarati\"]",
	},
	"json_jq_c_stream_leaves_npm_lockfile_cli_tool": {
		"[[\"packages\",\"node_modules/semver\",\"bin\",\"semver\"],\"bin/semver.js\"]",
	},
	// mlr --ojsonl over zone.tab: 418 alike records; Kazakhstan's row in
	// the middle holds nothing rare.
	"json_mlr_itsv_ojsonl_tzdata_zone_tab": {
		"{\"code\": \"KZ\", \"coordinates\": \"+4448+06528\", \"tz\": \"Asia/Qyzylorda\", \"comments\": \"Qyzylorda/Kyzylorda/Kzyl-Orda\"}",
	},
	// dpkg -L: 527 paths under one prefix; a module in the middle is
	// counted by its directory, not listed.
	// Family checks of session 36 (file lists cut little): the clip's head
	// shown, the paths past it counted, not spread.
	"plain_dpkg_L_libc6_dev_headers_file_list": {
		"/usr/include/x86_64-linux-gnu/bits/types/struct_itimerspec.h",
	},
	"plain_find_name_go_x_tools_v0_51_go_tree": {
		"go/analysis/passes/ifaceassert/cmd/ifaceassert/main.go",
		"go/analysis/passes/inline/testdata/src/c/c.go",
	},
	// git ls-tree -r -l: 344 alike blob rows; a row in the middle that is
	// neither a size peak nor rare is not sampled.
	"plain_git_ls_tree_r_l_x_crypto_v0_36_0": {
		"100644 blob a84a1a214e2099776746e1c10ecc7057eb7c8064   15115\topenpgp/packet/packet.go",
	},
	// pyclbr: hundreds of alike `class`/`def` lines; the lines at the
	// margin (the classes, see marginLines) keep Protocol, but a method
	// in the middle is one of 867 alike indented lines.
	"plain_python3_m_pyclbr_tkinter_typing_pydecimal_loop": {
		"  def quantize 2546",
	},
	// Held-out set 22 (its first run is in the corpus README): what it
	// loses at 16,000 bytes, and why.
	// gcc -fsave-optimization-record: one 66 KB line of 38 alike "not
	// inlinable" records; the named nodes in the middle hold nothing rare.
	"json_gcc_fsave_optimization_record_zlib_zpipe_c_o1": {
		"{\"symtab_node\": \"inflate/32\"",
		"{\"symtab_node\": \"deflate/26\"",
	},
	// go build -gcflags=-json: the compiler's optimisation stream; lines of
	// over 4 KB hold the escape flows in their middles (the costliest
	// refusal to inline is kept: jsontemplatepeaks.go).
	"json_go_build_gcflags_json_lsp_diagnostics_path_filepath_path_go": {
		"parameter targPath leaks to ~r0 with derefs=0",
		"escflow:      from walkFn(path, info, nil) (call parameter)",
	},
	// jsondiff: a 216-op JSON Patch, mostly alike renames; the one rename
	// of an operation is not among the sampled ops.
	"json_jsondiff_botocore_cloudfront_2018_06_18_to_2018_11_05_patch": {
		"  \"path\": \"/operations/ListDistributions/name\",\n  \"value\": \"ListDistributions2018_11_05\"",
	},
	// Family check of the roll's head run, session 34: 86 ops, the added
	// tagging shapes near the end; at 16,000 B the whole elements (the
	// first 49, 10 spread between) miss the InvalidTagging add at ~84 %,
	// and so does the clip.
	"json_jsondiff_botocore_cloudfront_2016_01_28_to_2016_08_01_patch": {
		"  \"path\": \"/shapes/InvalidTagging\",",
	},
	// iconv over 852 copyright files: `valid UTF-8` lines; iconv's error
	// names no file, the loop's next line does. Since session 33 a list
	// whose paths carry two statuses before them is no file list
	// (statusBefore): the lines planner keeps the error, the `NOT UTF-8`
	// line and the one after, not the file checked before the error.
	"log_iconv_utf8_check_loop_debian_copyright_files_latin1_pango": {
		"valid UTF-8: libpam0g/copyright",
	},
	// Session 33's family check of a loop of one check (gzip -t over 803
	// changelogs): read as lines, as iconv's; the file checked before
	// gzip's blank line and error is not kept.
	"log_gzip_t_loop_debian_changelogs_truncated_libssl3": {
		"intact: libssl-dev/changelog.Debian.gz",
	},
	// LD_DEBUG=libs: 1,640 trace lines routed as a table; the searches
	// for two libraries among alike rows are not sampled.
	"log_ld_debug_libs_python3_11_extension_import_check_truncated_lzma_so": {
		"     24722:\tfind library=libffi.so.8 [0]; searching",
		"     24722:\tfind library=libsqlite3.so.0 [0]; searching",
	},
	// git verify-pack -v: 969 rows of hashes and numbers, no names; the
	// largest tree is no column's peak (blobs are larger). Since session
	// 34 the delta depth, a column only the delta rows have, gives its
	// peak, the depth-6 row.
	"plain_git_verify_pack_v_x_tools_go_analysis_passes_v0_50_v0_51": {
		"96012f430f29dadafc66ef1b8628aa7c6f987ef0 tree   2049 1727 443242",
	},
	// go build -a -n: 57 alike package blocks; os's compile line is in
	// the middle. Since session 34 each block's framed `# pkg` banner is
	// a section heading, the syscall one kept at both budgets.
	"plain_go_build_a_n_path_filepath_dry_run_script_go1_26": {
		"-p os -lang=go1.26 -std -buildid RyK0wRAH7jIzesWg7FzD/RyK0wRAH7jIzesWg7FzD",
	},
	// go tool nm -size -type: 250 nameless `0 U` rows open it; the
	// exported symbols sit in the middle among alike rows. Since session
	// 33 the size column's peaks (alignedPeaks) keep Rel and Walk; the
	// first generic dictionary, kept before as a line of a rare shape,
	// goes to the room they take.
	"plain_go_tool_nm_size_type_path_filepath_archive_go1_26": {
		"   3aa5c         16 R cmp..dict.Less[string]",
		"   2ce72         16 D path/filepath.ErrBadPattern",
	},
	// Session 33's family check of go tool nm -size -type (bufio): the
	// size column's peaks keep the largest functions; an exported error
	// variable (16 bytes) among 1,291 rows is no peak and holds nothing
	// rare. Since session 34 the type name `error` in its symbols is no
	// failure, and the constructor NewReader is kept.
	"plain_go_tool_nm_size_type_bufio_archive_go1_26": {
		"   42f10         16 D bufio.ErrTooLong",
	},
	// python3 -m zipfile -l: 500 rows with one timestamp; since session
	// 33 the biggest files (its size column's peaks) are kept, a mid-sized
	// file in the middle is not.
	"plain_python3_m_zipfile_l_pip_23_0_1_debian_wheel": {
		"pip/_vendor/resolvelib/resolvers.py            2023-02-19 14:19:32        17592",
	},
	// Held-out set 21 (its first run is in the corpus README): what it
	// loses at 16,000 bytes, and why.
	// cargo metadata over logscan's 58 packages: their digests no longer
	// show the `"license_file":null` every package shares
	// (jsondigestnaming.go), and the head's first packages, grown whole
	// into the room that left, push the workspace's own package, an even
	// pick at 16,000 bytes, out of the spread (jc --dpkg-l's 3 facts are
	// the other side of this trade).
	"json_cargo_metadata_logscan_debian_registry": {
		"\"name\":\"logscan\",\"version\":\"0.3.1\",\"id\":\"path+file:///home/dev/h8/rs/logscan#0.3.1\",\"license\":\"MIT\"",
	},
	// Session 32's family check of npm fund --json (jsx-a11y, globby,
	// execa, mocha, qs): es-abstract's 36 dependencies get too small a
	// share of the room to be sampled, so their one inspect-js package,
	// a first pick once sampled, is not reached.
	"json_npm_fund_json_jsx_a11y_globby_execa_mocha_qs_tree": {
		"\"data-view-byte-length\": {\n              \"version\": \"1.0.2\",\n              \"funding\": {\n                \"url\": \"https://github.com/sponsors/inspect-js\"",
	},
	// sh -x update-ca-certificates: 929 trace lines read as lines; the
	// warning is kept, not the trace line after it.
	"log_sh_x_update_ca_certificates_sandbox_d_trust_conf_typo": {
		"listed in /home/dev/uca/ca-certificates.conf.\nW: /home/dev/uca/certs/mozilla/D-TRUST_Root_Class_3_CA_2009.crt not found, but listed in /home/dev/uca/ca-certificates.conf.\n+ continue",
	},
	// jar tvf: 495 rows of one timestamp; the named classes in the middle
	// hold nothing rare (MavenProject.class, the largest, is kept since
	// session 33 as its size column's peak).
	"plain_jar_tvf_maven_core_3_8_7_debian": {
		"  5194 Mon Jan 02 09:08:40 UTC 2023 org/apache/maven/plugin/MojoExecution.class",
	},
	// Held-out set 20 (its first run is in the corpus README): what it
	// loses at 16,000 bytes, and why.
	// cloc --by-file: one Markdown record among 430 alike
	// records sorted by size. Since session 31 the records of a rare
	// language are picked first (rareValueElems: the one Bourne Again
	// Shell and 5 of the 20 Markdown ones past the head, in an eighth of
	// the room, spread over them); this one is not among them
	"json_cloc_json_by_file_ruby_3_1_rubygems_bundler": {
		"\"bundler/man/bundle-lock.1.ronn\" :{\n  \"blank\": 28,\n  \"comment\": 0,\n  \"code\": 66,\n  \"language\": \"Markdown\"},",
	},
	// license-checker --json: 298 alike package records, 231 MIT;
	// express's record in the middle is not picked: it is MIT, nothing
	// rare in it (its rare licenses are kept since session 31:
	// rareValueElems)
	"json_license_checker_json_express_madge_svgo_scratch_app": {
		"\"express@4.22.3\": {\n    \"licenses\": \"MIT\",",
	},
	// madge --json: 388 `path: [deps]` members of one flat map; the
	// middle ones and the cross-package edges are not sampled
	"json_madge_json_css_tree_csso_svgo_dependency_graph": {
		"\"css-tree/lib/lexer/Lexer.js\": [\n    \"css-tree/lib/definition-syntax/index.js\",",
		"\"svgo/lib/style.js\": [\n    \"css-tree/cjs/index.cjs\",\n    \"csso/cjs/index.cjs\",",
	},
	// gcc -H: the include tree's line for the header that should have
	// defined the misspelt name is not among the kept lines. Session 31:
	// nothing in the output ties it to the error (neither quotes `mman`,
	// the first-seen rule has no name to follow), only the tree's order
	// does; a rule for it would be one for gcc -H's trees alone
	"log_gcc_H_fsyntax_only_go_runtime_cgo_map_faild": {
		". /usr/include/x86_64-linux-gnu/sys/mman.h",
	},
	// node --print-bytecode: the one `Throw` among alike bytecode rows
	"plain_node_print_bytecode_qs_parse_query_string_values": {
		"@  251 : a7                Throw",
	},
	// objdump -p of a PE: the unwind entries with a frame register (5 of
	// 98) and the middle one the facts name are not picked
	"plain_objdump_p_go_debug_pe_mingw_amd64_exec": {
		" 000000000040b254 (rva: 0000b254): 0000000000403230 - 000000000040352d",
		"\tNbr codes: 9, Prologue size: 0x11, Frame offset: 0x5, Frame reg: rbp",
	},
	// perl -MO=Deparse through Bash (outlined since session 31, its
	// `sub X (...) {` lines kept): the debug print is a line in the
	// middle of a body, which no outline keeps
	"plain_perl_mo_deparse_getopt_long_2_52": {
		"    print STDERR qq[=> split \"$starter\"+\"$opt\"\\n] if $Getopt::Long::debug;",
	},
	// Session 31's family check of code through Bash (sed -n of
	// text/template/exec.go, outlined): the range error is a line in the
	// middle of walkRange's body, which no outline keeps
	"plain_sed_n_go_text_template_exec_walk_range": {
		"\t\ts.errorf(\"range can't iterate over %v\", val)",
	},
	// Held-out set 19 (its first run is in the corpus README): what it
	// loses at 16,000 bytes, and why.
	// npm outdated --json, a second project: a flat map of 353 packages,
	// rolled by each one's key and version lines; at 16,000 bytes the roll
	// names 171 of the 351 between, and koa's and request's (direct
	// dependencies, alike in every member but their names) are not among
	// them
	"json_npm_outdated_json_long_all_koa_webpack_webapi": {
		"\"koa\": {\n    \"current\": \"2.13.0\",\n    \"wanted\": \"2.13.0\",\n    \"latest\": \"3.3.0\",",
		"\"request\": {\n    \"current\": \"2.88.0\",\n    \"wanted\": \"2.88.0\",\n    \"latest\": \"2.88.2\",",
	},
	// go tool objdump -s: the CALL targets among alike instruction rows
	// of the middle functions
	"plain_go_tool_objdump_s_gofmt_processfile_readfile": {
		"CALL internal/diff.Diff(SB)",
		"CALL io.ReadAll(SB)",
	},
	// luac -l -l: one constant load in the middle of a function's listing
	"plain_luac_l_l_bullmq_6_7_addjobscheduler_lua": {
		"[391]\tLOADK    \t10 5\t; \"pattern\"",
	},
	// Held-out set 18 (its first run is in the corpus README): what it
	// loses at 16,000 bytes, and why.
	// npm explain --json's nested dependents: the tree roll's third
	// round, each node's location, does not reach @npmcli/config
	"json_npm_explain_json_npmcli_git_in_npm_11_19_tree": {
		"                \"name\": \"@npmcli/config\",\n                \"version\": \"10.12.0\",\n                \"location\": \"node_modules/@npmcli/config\",",
	},
	// Family check of the tree roll, session 30: npm explain --json of
	// a webpack dependency; the peer edge's type, name and spec lines are
	// not all rolled for one node at 16,000 bytes
	"json_npm_explain_json_webassemblyjs_ast_webpack_tree": {
		"\"type\": \"peer\",\n                          \"name\": \"webpack\",\n                          \"spec\": \"^5.1.0\",",
	},
	// a backup manifest's 985 one-line file objects: the largest
	// relation file and a 3-byte PG_VERSION among alike rows are not picked
	"json_pg_basebackup_backup_manifest_pgbench_cluster": {
		"{ \"Path\": \"base/5/16404\", \"Size\": 4513792, \"Last-Modified\": \"2026-11-29 22:12:23 GMT\", \"Checksum-Algorithm\": \"CRC32C\", \"Checksum\": \"796f643e\" },",
		"{ \"Path\": \"base/1/PG_VERSION\", \"Size\": 3, \"Last-Modified\": \"2026-11-29 22:08:12 GMT\", \"Checksum-Algorithm\": \"CRC32C\", \"Checksum\": \"8a744722\" },",
	},
	// tar -dvf's bare path list taken by search's file list: the
	// path three lines above the differing file's is not kept
	"log_tar_dvf_compare_x_net_0_38_quic_rangeset_contents_differ": {
		"net/quic/packet_protection_test.go\n",
	},
	// nm -D's 1,370 alike symbol rows: a named function in the middle
	// is not sampled (the rare D/R data symbols are kept as rare
	// category rows); read by column as a table since session 32, its
	// spread picks other T rows than the lines planner's did
	"plain_nm_d_symbol_versions_libsqlite3_3_40_1": {
		"00000000000bdcb0 T sqlite3_prepare_v2",
	},
	// Family checks of session 35, nm -D of libevent and libgmp: their
	// data symbols are rare rows and kept; a named function in the
	// middle, one T row among 600, is one the even spread does not land
	// on at 16,000 B.
	"plain_nm_d_libevent_2_1_12_data_symbols": {
		"0000000000021ed0 T event_base_dispatch",
	},
	"plain_nm_d_symbol_versions_libgmp_6_2_1_data_tables": {
		"0000000000021630 T __gmpz_powm",
	},
	// nm -D of libxml2, 1,916 rows taken by the table planner: its
	// 113 two-field U imports are not read as rows of the type column
	// now, so its R, B and D rows are told apart, each kind's first
	// row before a second of any (the D row asked for, the 11th of 24,
	// since the rows take the share the numeric peaks leave); two named
	// functions in the middle are not sampled
	"plain_nm_d_symbol_versions_libxml2_2_9_14": {
		"000000000005d9d0 T xmlReadFile@@LIBXML2_2.6.0",
		"0000000000063350 T xmlFreeDoc@@LIBXML2_2.4.30",
	},
	// objdump -T's 1,036 rows: the rare OPENSSL_3.0.3 version tag
	// and a named function in the middle are not sampled
	"plain_objdump_t_libssl_3_0_19_dynamic_symbols": {
		"(OPENSSL_3.0.3) OPENSSL_strncasecmp",
		"0000000000037600 g    DF .text\t000000000000010f  OPENSSL_3.0.0 SSL_do_handshake\n",
	},
	// Held-out set 17 (its first run is in the corpus README): what it
	// loses at 16,000 bytes, and why.
	// coverage.py's report: the file of the most statements is kept as
	// a peak (num_statements) in the room that kept default.py, the one
	// style run, whose executed lines sit in the middle the outline
	// summarises
	"json_coverage_json_pretty_print_pygments_html_formatter": {
		"\"pygments/styles/default.py\": {\n            \"executed_lines\": [\n                1,\n                11,",
	},
	// redis' command docs, one object a line: the seven deprecated
	// commands' `replaced_by` (a rare member key, rareMemberKeys) come
	// after rarer events whose widened share takes the rare room, and
	// the middle command is one of them
	"json_redis_cli_json_command_docs_list_stream_zset_lines": {
		"\"replaced_by\":\"`LMOVE` with the `RIGHT` and `LEFT` arguments\"",
		"\"zrangebyscore\":{\"summary\":\"Return a range of members in a sorted set, by score\"",
	},
	// one 61 KB line of 236 signatures: the outline starts past the
	// document's first bytes and keeps no named middle signature
	"json_terraform_metadata_functions_json_signatures": {
		"{\"format_version\":\"1.0\",\"function_signatures\":{\"abs\":{\"description\":\"`abs` returns the absolute value of the given number.",
		"\"issensitive\":{\"description\"",
	},
	// pandoc's native tree, a word a line: the headers of the middle
	// functions are not kept
	"plain_pandoc_t_native_node_20_path_api_doc": {
		"( \"pathjoinpaths\" , [] , [] )\n    [ Code ( \"\" , [] , [] ) \"path.join([...paths])\" ]",
	},
	// Held-out set 16 (its first run is in the corpus README): what it
	// loses at 16,000 bytes, and why.
	// jfr print --json's 144 unsigned flag events (family check, session
	// 28): the outline keeps the first and last events and a sample; the
	// 13 Ergonomic origins among 131 Default are one in eleven, too many
	// to be rare (one in twenty), and the middle name is not sampled
	"json_jfr_print_json_unsignedlongflag_144_events": {
		"\"name\": \"MaxGCPauseMillis\"",
		"\"name\": \"GCDrainStackTargetSize\", \n        \"value\": 64, \n        \"origin\": \"Ergonomic\"",
	},
	// a discovery document: the outline opens the schemas, and the
	// methods' ids deep under resources are summarised with their method
	"json_python3_m_json_tool_iam_v1_discovery": {
		"\"id\": \"iam.projects.serviceAccounts.signJwt\"",
	},
	// a JSON Schema of alike nested blocks: the `error` property's block
	// eight levels down is summarised by its keys
	"json_yq_gcloud_yaml_command_schema": {
		"\"error\": {\n              \"type\": \"object\",\n              \"additionalProperties\": false,\n              \"required\": [\n                \"field\"",
	},
	// read as a log (`error` in Tcl proc names): one named row of 226
	"plain_ctags_x_tcl86_library": {
		"ScanWide         procedure  2674 clock.tcl        proc ::tcl::clock::ScanWide { str } {",
	},
	// Session 29's family check for rare last-column values: one of 44
	// `not found` rows (one row in fifteen, too many to be rare), in the
	// middle of 673, falls between the picks
	"plain_jdeps_verbose_class_maven_shared_utils": {
		"org.apache.maven.shared.utils.io.FileUtils         -> javax.annotation.Nonnull                           not found",
	},
	// the function names are NAME rows of the common shape, each after a
	// NAME 'def' row: nothing marks them among 1,020 token rows
	"plain_python3_m_tokenize_colorsys": {
		"75,4-75,14:         NAME           'rgb_to_hls'",
		"99,4-99,14:         NAME           'hls_to_rgb'",
		"145,4-145,14:       NAME           'hsv_to_rgb'",
	},
	// four 83-row tables read as one: the lines that close each table
	// (`→ Overall exposure level for UNIT`) are kept as section lines,
	// but rows are sampled evenly and the hardened unit's ✓ rows, alike
	// rows of the common shape, fall between
	"plain_systemd_analyze_security_offline_four_units": {
		"✓ CapabilityBoundingSet=~CAP_AUDIT_*                          Service has no audit subsystem access",
	},
	// Held-out set 15 (its first run is in the corpus README): what it
	// loses at 16,000 bytes, and why.
	// json_pp's canonical model: 18 resources of the same shape opened in
	// depth in key order; MultipartUpload's actions and the GetBucketPolicy
	// operation fall in the middle the outline summarises
	"json_json_pp_canonical_boto3_s3_resources_model": {
		"      \"MultipartUpload\" : {\n         \"actions\" : {\n            \"Abort\" : {\n               \"request\" : {\n                  \"operation\" : \"AbortMultipartUpload\",",
		"\"operation\" : \"GetBucketPolicy\",",
	},
	// Family checks, session 31 (jsondocs): acorn ASTs of npm's dedupe
	// command (39 KB) and make-fetch-happen's fetch.js (97 KB); the
	// string index (session 33) lists the literals held once, but a
	// function's name, an Identifier's, is held more than once (its
	// declaration and its calls) and names are no slot whose values
	// mostly differ
	"json_acorn_ast_make_fetch_happen_fetch": {
		"\"name\": \"canFollowRedirect\"",
	},
	// a 42 KB one-line cpuprofile: the outline shows the nodes array's
	// first and last nodes; the loader and qs frames by id fall between
	"json_node_cpu_prof_qs_6_13_stringify_parse_profile": {
		"{\"id\":106,\"callFrame\":{\"functionName\":\"encodePathChars\",\"scriptId\":\"30\",\"url\":\"node:internal/url\",\"lineNumber\":1509,\"columnNumber\":24}",
		"{\"id\":134,\"callFrame\":{\"functionName\":\"\",\"scriptId\":\"121\",\"url\":\"file:///home/dev/h15/sd/prof/node_modules/call-bind-apply-helpers/index.js\",\"lineNumber\":0,\"columnNumber\":0}",
		"{\"id\":191,\"callFrame\":{\"functionName\":\"parseQueryStringKeys\",\"scriptId\":\"149\",\"url\":\"file:///home/dev/h15/sd/prof/node_modules/qs/lib/parse.js\",\"lineNumber\":159,\"columnNumber\":45}",
	},
	// Family check, session 27 (set15fix): a second one-line cpuprofile;
	// minimatch's match node falls between the nodes array's picks, as the
	// qs frames do above
	"json_node_cpu_prof_semver_minimatch_sort_profile": {
		"{\"id\":179,\"callFrame\":{\"functionName\":\"match\",\"scriptId\":\"128\",\"url\":\"file:///usr/lib/node_modules/npm/node_modules/minimatch/dist/commonjs/index.js\",\"lineNumber\":1055,\"columnNumber\":9}",
	},
	// at 16,000 bytes the bookworm key's `:public key packet:` block is
	// one of nine alike ones among 80 signature packets, between picks
	"plain_gpg_list_packets_debian_archive_keyring_9_keys": {
		":public key packet:\n\tversion 4, algo 22, created 1674492243, expires 0\n\tpkey[0]: [80 bits] ed25519 (1.3.6.1.4.1.11591.15.1)\n\tpkey[1]: [263 bits]\n\tkeyid: F8D2585B8783D481",
	},
	// ISRG Root X1's two-line record is one of 143 alike ones, between
	// the line planner's picks
	"plain_keytool_list_java_cacerts_143_debian_roots": {
		"debian:isrg_root_x1.pem, Jun 24, 2025, trustedCertEntry, \nCertificate fingerprint (SHA-256): 96:BC:EC:06:26:49:76:F3:74:60:77:9A:CF:28:C5:A7:CF:E8:A3:C0:AA:E1:1A:8F:FC:EE:05:C0:BD:DF:08:C6",
	},
	// B::Concise's optree: the `nextstate` line for Long.pm:879 is one of
	// many alike ones among op lines, between picks
	"plain_perl_mo_concise_getopt_long_parseoptionspec": {
		"<;> nextstate(Getopt::Long 648 Long.pm:879) v:*,&,{,x*,x&,x$,$ ->85",
	},
	// sdiff's side-by-side rows are read as code: the right-only `>` row
	// with the new TypeError is not a declaration and falls in a gap
	"plain_sdiff_w170_qs_6_10_3_vs_6_13_0_stringify": {
		"throw new TypeError('`commaRoundTrip` must be a boolean, or absent');",
	},
	// Held-out set 14 (its first run is in the corpus README): what it
	// loses at 16,000 bytes, and why. Nine one-line JSON arrays of 2-5 KB,
	// one a file, are planned as one array of their 67 diagnostics
	// (streamOfArrays).
	// g++ over parcel-watcher, 58 diagnostics: the line-299 BSER.cc
	// warning is one of five -Wsign-conversion ones, no rarer than its
	// neighbours; the even spread kept it by its phase until the rare
	// -Wunused-parameter and -Wnon-virtual-dtor warnings came first
	// (rareValueShapes) and moved the picks between them
	"json_gpp_fdiagnostics_format_json_parcel_watcher_not_declared": {
		"\"line\": 299, \"file\": \"watchman/BSER.cc\", \"column\": 29}",
	},
	// `go build -json` events (ImportPath, Action, Output) are planned as
	// a go test -json stream: the failed build's events (its compile
	// error, build-fail) first, the tail, then the other packages' build
	// output in order, the -x commands of 45 standard-library packages;
	// the asm line of package 9, 54 KB in, falls past the head that
	// fits, as past a blind clip's
	"json_go_build_json_a_x_toml_internal_fixedzone_int64": {
		"-D GOAMD64_v1 -gensymabis -o $WORK/b009/symabis ./asm.s ./asm_amd64.s ./ints.s",
	},
	// Read as lines (a misroute, see knownMisroutes): the two upgrades'
	// `Inst pkg [old] (new …)` lines and texlive-full's, among 384 alike
	// `Inst` lines, fall between its picks
	"log_apt_get_install_s_texlive_full_384_new_2_upgraded": {
		"Inst libcups2 [2.4.2-3+deb12u8] (2.4.2-3+deb12u9 Debian:12.15/oldstable, Debian-Security:12/oldstable-security [amd64])",
		"Inst texlive-full (2022.20230122-3 Debian:12.15/oldstable [all])",
	},
	// The failing build script's crate shows only in its `Compiling` line,
	// among 1-2 KB `Running` lines: the panic and verdict are kept, not
	// the line that names what was being built
	"log_cargo_build_vv_crossbeam_epoch_build_script_panic": {
		"   Compiling crossbeam-epoch v0.9.13 (/home/dev/rs/crossbeam-epoch)",
	},
	// 79 `error: cannot find class` lines (noise: exit 0) are taken as
	// 78 distinct failures and fill the budget before the findings
	"log_jdeprscan_release_17_ant_junit_guice_jars_for_removal": {
		"class org/apache/tools/ant/types/Permissions$MySM extends deprecated class java/lang/SecurityManager (forRemoval=true)",
	},
	// 566 alike rows: libcrypto.so.3, in the middle, falls between the
	// lines planner's picks
	"plain_ldconfig_p_566_libs_x86_64_and_lib32": {
		"\tlibcrypto.so.3 (libc6,x86-64) => /lib/x86_64-linux-gnu/libcrypto.so.3",
	},
	// 458 alike transition rows: the first `GMT isdst=1` row (1971, where
	// Irish winter time becomes the negative offset) opens a run of 133
	// alike rows, so its value pair is common, not rare; it falls
	// between the spread's picks
	"plain_zdump_v_c_1900_2038_europe_dublin_negative_dst": {
		"Europe/Dublin  Sun Oct 31 02:00:00 1971 UT = Sun Oct 31 02:00:00 1971 GMT isdst=1 gmtoff=0",
	},
	// Held-out set 13 (its first run is in the corpus README): what it
	// loses at 16,000 bytes on its first run, before any fix, and why.
	// 221 alike dependency objects cut by about twice: the outline shows
	// the run a blind clip's head holds (aws-sdk-go, 4.5 KB in), then
	// samples the rest, the nine with a nested Replace (a rare key set)
	// first; hcl/v2, 16 KB in, falls between its samples, as past the
	// clip's head.
	"json_go_version_m_json_terraform_buildinfo_deps": {
		"\t\t\t\"Path\": \"github.com/hashicorp/hcl/v2\",\n\t\t\t\"Version\": \"v2.23.0\",",
	},
	// 222 alike three-key objects: one setting in the middle is
	// summarised with its siblings
	"json_php_r_ini_get_all_pretty_print": {
		"    \"session.save_handler\": {\n        \"global_value\": \"files\",",
	},
	// docutils' `path:N: (ERROR/3) message` is a log now (its level in
	// a bracketed tag): every distinct message once, marked (×N), the
	// message its identity as a system log's is after its level. The
	// first warning's (×3) breaks the fact that runs on to its title, and
	// the third of them, near the end, is one of its three.
	"log_rst2html_report2_gsutil_third_party_sphinx_directives": {
		"./apitools/README.rst:14: (WARNING/2) Title underline too short.\n\nAlternatives to apitools\n-----------------------",
		"./google-auth-library-python/CONTRIBUTING.rst:112: (WARNING/2) Title underline too short.",
	},
	// ~150 caller groups: the `*` line of a group in the middle is lost
	// among alike groups
	"plain_callgrind_annotate_tree_caller_jq_iso_639_3": {
		" 10,974,356 ( 3.00%)  *  ./malloc/./malloc/malloc.c:_int_malloc [/usr/lib/x86_64-linux-gnu/libc.so.6]",
	},
	// 1,324 `#define` lines in hash order: three well-known macros in
	// the middle are alike to their neighbours
	"plain_gcc_dM_E_socket_netinet_fcntl_macro_dump": {
		"#define O_NONBLOCK 04000",
		"#define INADDR_ANY ((in_addr_t) 0x00000000)",
		"#define SO_REUSEPORT 15",
	},
	// reflection blocks closed by bare `}`: function, class and method
	// headers in the middle are lost among alike parameter blocks
	// (plainQ: a block opener of a rare shape now keeps its first lines,
	// date_sunrise's among them, which costs DateTimeZone's class header
	// at ~79 %, kept before: its room goes to those first lines.)
	"plain_php_re_date_extension_reflection": {
		"    Class [ <internal:date> class DateTimeZone ] {\n\n      - Constants [14] {\n        Constant [ public int AFRICA ] { 1 }",
		"        Method [ <internal:date> static public method createFromDateString ] {\n\n          - Parameters [1] {\n            Parameter #0 [ <required> string $datetime ]\n          }\n          - Tentative return [ DateInterval|false ]",
	},
	// Its family check (session 38): a method's header in the middle,
	// one of some 200 alike method blocks, is not kept at 16,000 bytes.
	"plain_php_re_reflection_extension_classes": {
		"        Method [ <internal:Reflection> public method newInstanceArgs ] {\n\n          - Parameters [1] {\n            Parameter #0 [ <optional> array $args = [] ]",
	},
	// Held-out set 12 (its first run is in the corpus README): what it
	// loses at 16,000 bytes on its first run, before any fix, and why.
	// 26 alike ten-key command objects: the query command's DESCRIPTION
	// in the middle is summarised with its siblings
	"json_read_gcloud_sdk_cli_bq_command_tree": {
		"        \"DESCRIPTION\": \"Execute a query.\\n\\nQuery should be specified on command line, or passed\\non stdin.\\n\",",
	},
	// One 88 KB line: the 647-member paths map is summarised (item 3 is
	// the crate's own struct among std paths). The target_features
	// array's last element, which the clip's tail has, is kept now: an
	// outline that does not show the document's end ends with the clip's
	// tail (withClipTail).
	"json_rustdoc_output_format_json_adler_1_0_2_one_line": {
		"\"3\":{\"crate_id\":0,\"path\":[\"adler\",\"Adler32\"],\"kind\":\"struct\"}",
	},
	// Family check of a tree's head (session 25): express's and
	// mocha's 140 packages, 26 KB; the outline keeps the clip's head
	// (express's tree, call-bind-apply-helpers twelve levels in) and the
	// clip's tail, and between them mocha's 20 direct dependencies are
	// summarised on one line, js-yaml among them
	"json_npm_ls_json_all_express_mocha_tree": {
		"        \"js-yaml\": {\n          \"version\": \"4.3.2\",",
	},
	// 137 alike -Wconversion warnings before the ASan report: the
	// warning on the injected malloc is one of them
	"log_gcc_wconversion_asan_recover_zlib_examples_gun_off_by_one": {
		"gun.c:683:34: warning: conversion to ‘size_t’ {aka ‘long unsigned int’} from ‘int’ may change the sign of the result [-Wsign-conversion]\n  683 |                 outname = malloc(len);",
	},
	// 157 graphical diagnostics: the error's frame header line is
	// not kept with its message
	"log_oxlint_d_correctness_w_suspicious_jsdoc_lib_use_isnan": {
		"     ,-[lib/jsdoc/src/parser.js:529:37]",
	},
	// a coverage report that passed, its verdict the `Total:` line: the
	// view keeps the head (past the progress steps) and the tail, and
	// these two from the middle of 453 alike `# in file` stubs are not in
	// either
	// Family check, session 25, of rdoc -C: the same success view, and
	// this group 900 lines into 1,668 is in neither its head nor its tail
	"log_rdoc_c_coverage_net_http_openssl_undocumented": {
		"In files:\n* net/http/exceptions.rb\n\n  class Net::HTTPRetriableError\n  end",
	},
	"log_rdoc_c_coverage_irb_reline_stdlib_undocumented": {
		"  class Reline::LineEditor\n\n    # in file reline/line_editor.rb:21\n    VI_MOTIONS = nil",
		"  module Reline::Terminfo\n\n    # in file reline/terminfo.rb:6\n    def self.curses_dl(); end",
	},
	// Family checks, session 24, of go mod graph's edge lists (read as
	// lines, not a file list, since the first of them): the lines planner
	// keeps the first edge of each source module, not the clip's long
	// head, and these edges sit inside a source's run
	"plain_go_mod_graph_headroom_genai_adapter_edges": {
		"github.com/stretchr/testify@v1.8.0 github.com/davecgh/go-spew@v1.1.1",
		"github.com/envoyproxy/go-control-plane@v0.9.0 google.golang.org/genproto@v0.0.0-20190819201941-24fa4b261c55",
	},
	// Most of langchaingo's direct requirements start no line of their
	// own, so one edge in nine links on and it still reads as a file
	// list: this edge in the middle is counted by directory
	"plain_go_mod_graph_headroom_langchaingo_adapter_edges": {
		"github.com/tmc/langchaingo@v0.1.14 github.com/prometheus/client_golang@v1.20.5",
	},
	// Plan 9 assembly: its `TEXT runtime·x(SB)` declarations are kept
	// since session 24, but not the Go signature comment above this one
	"plain_read_go_runtime_asm_arm64_s": {
		"   741\t// func memhash(p unsafe.Pointer, h, size uintptr) uintptr\n   742\tTEXT runtime·memhash<ABIInternal>(SB),NOSPLIT|NOFRAME,$0-32",
	},
	// Held-out set 11 (its first run is in the corpus README): what it
	// loses at 16,000 bytes on its first run, before any fix, and why.
	// One 50 KB line of 265 alike call-tree nodes: the outline shows the
	// first and last, and the hot node (the largest hitCount) in the
	// middle is summarised
	"json_node_cpu_prof_jasmine_version_cpuprofile": {
		"{\"id\":216,\"callFrame\":{\"functionName\":\"Command.run\",\"scriptId\":\"84\",\"url\":\"file:///home/dev/h11/jas/node_modules/jasmine/lib/command.js\",\"lineNumber\":41",
	},
	// 77 package objects with the same keys: the direct dependencies in
	// the middle are summarised with the transitive ones
	"json_npm_sbom_spdx_express_axios_lodash_marked": {
		"\"name\": \"express\",\n      \"SPDXID\": \"SPDXRef-Package-express-4.22.3\",\n      \"versionInfo\": \"4.22.3\",",
		"\"name\": \"marked\",\n      \"SPDXID\": \"SPDXRef-Package-marked-0.3.19\",\n      \"versionInfo\": \"0.3.19\",",
	},
	// 135 warnings and no error, a report of findings: the injected
	// use-after-free is kept, but its 155-line `note:` path is cut, and
	// the `Memory is released` note in its middle with it
	"log_clang_tidy_analyzer_zlib_examples_zran_use_after_free": {
		"/home/dev/h11/zex/zran.c:79:9: note: Memory is released\n        free(index);",
	},
	// misrouted to the outline (below): phpcs's `FILE:` tables of wrapped
	// `| WARNING |` rows are read as a document
	"log_phpcs_squiz_full_report_codesniffer_src_unreachable": {
		" 153 | WARNING | [ ] Code after the RETURN statement on line 151\n     |         |     cannot be executed\n     |         |     (Squiz.PHP.NonExecutableCode.Unreachable)",
		" 457 | ERROR   | [ ] All SWITCH statements must contain a DEFAULT\n     |         |     case",
	},
	// 687 two-line flag records in one shape: the line planner keeps the
	// rare-shaped and failure-worded lines; these alike records in the
	// middle are not among them
	"plain_node_v8_options_flag_records": {
		"  --stack-size (default size of stack region v8 is allowed to use (in kBytes))\n        type: int  default: --stack-size=984",
		"  --allow-natives-syntax (allow natives syntax)",
	},
	// 19 certificates of one structure: a `== name.crt` header in the
	// middle is kept only where a rare row brings it (SecureTrust's, since
	// session 33, with its length column's peak)
	"plain_openssl_asn1parse_i_ca_roots_s": {
		"  122:d=3  hl=2 l=  13 prim:    UTCTIME           :061107193118Z",
	},
	// 985 sorted `NAME = "value"` rows: named rows in the middle are
	// alike to the others
	"plain_python_m_sysconfig_debian_python311": {
		"\tLDLIBRARY = \"libpython3.11.so\"",
		"\tSOABI = \"cpython-311-x86_64-linux-gnu\"",
	},
	// Held-out set 31 (its first run is in the corpus README): what it
	// loses at 16,000 bytes on its first run, before any fix, and why.
	// gron's 460 alike simpleMap lines: the spread is a contiguous head
	// and tail, and this rename sits in the 106 lines between
	"json_gron_json_typescript_5_9_typesmap": {
		"[[\"simpleMap\",\"jquery.signalR\"],\"signalr\"]",
	},
	// the outline keeps sourcemap's first anyOf member and summarises the
	// four short const members; the document's end, which the outline
	// summarised, is kept as the clip's tail, at the cost of Loader's
	// middle enum values (local-css)
	"json_ts_json_schema_generator_esbuild_0_24_buildoptions": {
		"\"const\": \"both\",\n              \"type\": \"string\"\n            }\n          ],\n          \"description\": \"Documentation: https://esbuild.github.io/api/#sourcemap\"",
		"\"local-css\",",
	},
	// two-line findings: the rare D103 and the injected D300 message
	// lines are kept, the location line above each is not
	"log_pydocstyle_count_oauthlib_rfc6749_single_quotes": {
		"oauthlib/oauth2/rfc6749/errors.py:389 in public function `raise_from_error`:\n        D103: Missing docstring in public function",
		"oauthlib/oauth2/rfc6749/grant_types/authorization_code.py:284 in public method `create_token_response`:\n        D300: Use \"\"\"triple double quotes\"\"\" (found '''-quotes)",
		// Since a block opener is priced at its bytes and one gap note
		// (plainN), 46 of its 175 two-line findings open where 35 did,
		// and the rare-shape picks that held base.py's D103 lose the room.
		"oauthlib/oauth2/rfc6749/endpoints/base.py:91 in public function `catch_errors_and_unavailability`:\n        D103: Missing docstring in public function",
	},
	// 126 headings each with its first line, 140 gap notes: the indented
	// examples between them (the precedence list, the pi one-liner) and
	// the second line of a definition are left out
	"plain_info_subnodes_bc_1_07_manual": {
		"     ^ operator, right associative\n     unary - operator, nonassociative",
		"     pi=$(echo \"scale=10; 4*a(1)\" | bc -l)",
		"'BC_BASE_MAX'\n     The maximum output base is currently set at 999.  The maximum input\n     base is 16.",
	},
	// the function headings past the head are kept bare, without the
	// usage line under each
	"plain_perldoc_t_list_util_1_62": {
		"  pairmap\n        my @list = pairmap { BLOCK } @kvlist;",
		"  uniqint\n        my @subset = uniqint @values\n\n    *Since version 1.55.*",
	},
	// a statement inside WriteTo's body: the Read keeps declarations
	"plain_read_go_bbolt_v1_3_tx_go": {
		"   375\t\tpage.meta().txid -= 1",
	},
	// table.go's 13 matches show their first two and last five; this one
	// is between
	"search_gawk_filename_fnr_goldmark_v1_7_util_calls": {
		"extension/table.go:256:\tif util.IsBlank(cols[0]) {",
	},
	// the one method declaration among 42 alike t.Errorf calls of
	// assertions_test.go, mid-file
	"search_sed_f_paste_expr_v1_16_errorf": {
		"./internal/testify/assert/assertions_test.go:2473:func (m *mockFailNowTestingT) Errorf(format string, args ...interface{}) {}",
	},
}

// knownSearchGaps are search cases whose output does not name every file
// with a match, or does not state the exact total, with how many files
// go unnamed. The test fails when either changes.
var knownSearchGaps = map[string]struct {
	unlisted int
	noTotal  bool
}{
	// Not every file has room for a line, and not every other file fits in
	// the index even by name under its directory: the directories with the
	// most files are rolled up, the largest of them naming what fits of
	// its files and counting the rest. Held-out sets 5 and 8, the set 8
	// family checks and held-out cases.
	"search_ugrep_rn_otp_erlang_error_calls":           {unlisted: 96},   // 280 of 376 named (137 on the first run)
	"search_grep_rn_F_lodash_returns_jsdoc":            {unlisted: 115},  // 569 files in one directory
	"search_ugrep_rn_F_goroot_test_panic_calls":        {unlisted: 381},  // 709 files; 232 named on the first run
	"search_grep_rnoP_perl_modules_urls_only_matching": {unlisted: 99},   // was 180; 94 before the last-match reserve
	"search_ag_stats_ruby_stdlib_raise_error":          {unlisted: 136},  // was 184; 127 before the last-match reserve
	"search_zgrep_man_pages_etc_paths":                 {unlisted: 21},   // was 184
	"search_rg_goroot_gobuild_2240_files":              {unlisted: 2089}, // 2,240 files in 276 directories: rolled up by depth
}

// knownMisroutes are search and log cases that do not reach their planner
// yet, with the strategy they get instead. The test fails when one moves,
// so the list cannot rot.
var knownMisroutes = map[string]Strategy{
	// Held-out set 34, first run: tparse draws its results as a box table
	// (`│  PASS   │    0.00 │ TestX │ pkg │`), the failure's `--- FAIL` and
	// output below it; the table planner takes the box and keeps the
	// failure lines with its tail.
	"log_tparse_all_mapstructure_v1_5_0_string_to_slice_empty": StrategyTable,
	// Held-out set 33, first run: errcheck prints `path:L:C:\tsource line`,
	// every line a grep hit's shape, no failure word and no count: the
	// search planner takes it and keeps the injected vars.go:176 line.
	"log_errcheck_blank_asserts_sh_v3_10_0_delvar_dropped_error": StrategySearch,
	// Held-out set 31, first run: pydocstyle's two-line findings carry a
	// code (D300), no failure word, and end in a bare count: the line
	// planner takes them, keeping the rare code lines without the
	// location line above each.
	"log_pydocstyle_count_oauthlib_rfc6749_single_quotes": StrategyLines,
	// Held-out set 31, first run: gotestfmt's ANSI-coloured `📦` package
	// and `✅`/`❌` test lines name no runner a log rule knows, and it
	// prints no totals: the line planner keeps its failure lines.
	"log_gotestfmt_expr_v1_16_optimizer_none_and": StrategyLines,
	// Held-out set 29, first run: yarn install --verbose ends in its one
	// failure (`Error: Couldn't find any versions…`, its stack, `error …`)
	// after 95 request pairs; at 16,000 the log is cut little (×1.24) and
	// goes to the clip, which keeps 3/3 (the lines planner keeps 3/3 at
	// 4,000).
	"log_yarn1_install_verbose_express_app_debug_no_matching_version": StrategyClip,
	// Family check, session 35: unzip -t's loop, its one failed step
	// (unzip's End-of-central-directory paragraph, `[exit 9]`) among
	// hundreds of alike `testing: … OK` rows; no failure word and no
	// wrapped error type brings it to the log planner (lines).
	"log_unzip_t_loop_debian_jars_truncated_plexus_cipher": StrategyLines,
	// Held-out set 22, first run: iconv's `valid UTF-8: <file>` loop
	// (search; lines since session 33, which no failure word brings to
	// the log planner, as session 33's gzip -t loop); LD_DEBUG=libs's
	// pid-prefixed trace (table).
	"log_iconv_utf8_check_loop_debian_copyright_files_latin1_pango":         StrategyLines,
	"log_gzip_t_loop_debian_changelogs_truncated_libssl3":                   StrategyLines,
	"log_ld_debug_libs_python3_11_extension_import_check_truncated_lzma_so": StrategyTable,
	// Held-out set 21, first run: c_rehash -v's link rows, cp -rvL's copy
	// rows, rbs validate's `Validating` lines and sh -x's trace (lines);
	// cpio -ov's bare paths (search). vulture's `file:line: message`
	// findings were search too; since session 32 findings in one template
	// are no search output (searchScan.templated) and the lines planner
	// keeps 4 of 4 at both budgets, as it does for the session's family
	// check over mercurial's hgext (the log planner declines them: they
	// hold no failure word).
	"log_c_rehash_v_mozilla_ca_certs_certigna_begin_line_typo":    StrategyLines,
	"log_cp_rvl_ruby_3_1_rubygems_rdoc_stage_missing_lato_font":   StrategyLines,
	"log_cpio_ov_ajv_8_20_node_module_missing_compile_resolve_js": StrategySearch,
	// Session 32's family check of cpio -ov (breezy, one file deleted
	// between find and cpio): a file list too; since session 32 the
	// list keeps the paths either side of its failure (both cases 4/4
	// at both budgets).
	"log_cpio_ov_breezy_3_3_2_missing_bzr_smart_vfs_py":            StrategySearch,
	"log_rbs_validate_all_stdlib_net_http_body_strng_typo":         StrategyLines,
	"log_sh_x_update_ca_certificates_sandbox_d_trust_conf_typo":    StrategyLines,
	"log_vulture_pygithub_1_55_milestone_get_labels_missing_colon": StrategyLines,
	"log_vulture_mercurial_6_3_hgext_fix_missing_colon":            StrategyLines,
	// Held-out set 20, first run: bzip2 -tv's padded `ok` rows, strip -v's
	// `copy from` rows and xmlstarlet val's `- valid` rows (lines).
	"log_bzip2_tv_perl_5_36_sv_collate_locale_crc_error":      StrategyLines,
	"log_strip_v_strip_unneeded_387_libs_gpg_error_truncated": StrategyLines,
	"log_xmlstarlet_val_e_w_valgrind_power_fpu_unclosed_reg":  StrategyLines,
	// Session 31's family checks of xmlstarlet val -e -w (shared-mime-info's
	// application types and Jetty 9.4; Jetty, CPython's c14n tests and
	// glib's schemas): read as lines for the same reason, keeping the rare
	// `- invalid` verdict among the `- valid` ones (see verdictCategories).
	"log_xmlstarlet_val_e_w_mime_application_jetty94_x_arj_unescaped_lt":   StrategyLines,
	"log_xmlstarlet_val_e_w_jetty94_c14n_gschemas_privacy_sumary_mismatch": StrategyLines,
	// Held-out set 19, first run: black's diffs among its report lines
	// (the diff planner keeps its error and verdict: 5 of 5), debsums'
	// padded `OK` rows, pkg-config's libpkgconf trace and zstd -t's
	// `N bytes` lines (lines).
	"log_black_check_diff_v_click_parser_missing_colon":              StrategyDiff,
	"log_debsums_nine_packages_jwt_algorithms_failed":                StrategyLines,
	"log_pkgconf_debug_static_fontconfig_libbrotlidec_requires_typo": StrategyLines,
	"log_zstd_t_v_go_crypto_net_handshake_server_tls13_corrupt":      StrategyLines,
	// Session 30's family check of zstd -t -v (glibc's i18n files): read
	// as lines for the same reason, keeping the rows around its failure.
	"log_zstd_t_v_i18n_locales_charmaps_cns11643_stroke_corrupt": StrategyLines,
	// Session 30's family check of pkg-config --debug (gnutls.pc's
	// misspelt libtasn1): read as lines for the same reason as set 19's,
	// keeping where the misspelt name was first verified.
	"log_pkgconf_debug_static_gnutls_dane_libtasn_requires_typo": StrategyLines,
	// Held-out set 18, first run: gzip -tv's `NAME:\tOK` rows (a table),
	// tar -dvf's bare paths (search's file list), openssl verify's and
	// unzip -t's alike `OK` lines (lines: unzip keeps 4 of 4, openssl 5
	// of 5 at 16,000 bytes).
	"log_gzip_tv_debian_changelogs_plexus_classworlds_crc_error":   StrategyTable,
	"log_openssl_verify_show_chain_mozilla_roots_harica_truncated": StrategyLines,
	"log_tar_dvf_compare_x_net_0_38_quic_rangeset_contents_differ": StrategySearch,
	"log_unzip_t_commons_lang3_3_12_jar_bad_crc":                   StrategyLines,
	// Held-out set 17, first run: 2to3 -v's diffs among its report lines
	// (the diff planner), patch --verbose's per-file lines (a table) and
	// rsync -av's file list (search's file list); each lost its failure
	// there. Session 29 kept it where they are: the diff planner keeps a
	// run's failure and closing report around its diffs first, the table
	// planner a rare failure row with the rows above it, the file list
	// every line that names no path at its place. Their family checks
	// route the same way.
	"log_2to3_v_oauthlib_lazr_jwt_endpoints_base_parse_error":    StrategyDiff,
	"log_patch_p1_verbose_x_mod_0_17_to_0_41_client_hunk_failed": StrategyTable,
	"log_rsync_av_pip_23_vendor_tree_immutable_version_py":       StrategySearch,
	"log_2to3_v_yaml_blinker_argcomplete_dbus_parse_errors":      StrategyDiff,
	"log_patch_p1_verbose_cpython_email_comment_hunk_failed":     StrategyTable,
	"log_rsync_av_python_dist_packages_dir_in_the_way":           StrategySearch,
	// Held-out set 16, first run: gofmt -s -d's output is a diff with
	// parse errors among its files (taken by the diff planner, which keeps
	// 5 of 5 at 16,000 bytes); msgfmt --statistics' 598 alike lines with
	// one fatal error read as lines (no verdict, exit 1 not echoed).
	"log_gofmt_s_d_e_golang_asm_syntax_error":                   StrategyDiff,
	"log_msgfmt_check_statistics_598_gnome_catalogs_nl_newline": StrategyLines,
	// Session 28's family check of the same shape (iso-codes' 428
	// catalogs): read as lines for the same reasons.
	"log_msgfmt_check_statistics_428_iso_codes_catalogs_de_newline": StrategyLines,
	// Session 26's family check for run headers: gdb's run of a perl
	// script that reads 240 undefined variables has warnings with no
	// failure word, no verdict and no exit code, so no planner takes it
	// at 16,000 bytes and the clip (20 KB in) keeps all five facts.
	"log_gdb_run_perl_240_uninitialized_warnings": StrategyClip,
	// Held-out set 14, first run: apt-get -s's plan (`Inst`/`Conf`
	// lines under its `The following … will be` lists and a counting
	// verdict `2 upgraded, 384 newly installed, …`) has no failure and
	// reads as lines.
	"log_apt_get_install_s_texlive_full_384_new_2_upgraded": StrategyLines,
	// Held-out set 13, first run: groff's `troff: FILE:N: warning: …`
	// lines have grep -n's shape and search takes them (keeping every
	// fact, 5/5 at 16,000 and 4,000 bytes). Left so: a warnings-only
	// run with no failure, no verdict and no count is a list of findings
	// by file, as codespell's is, and search's breadth over files and
	// its spread keep the nine late distinct findings among 773 alike
	// ones. Since session 32 findings in one template (each `warning:`)
	// are no search output (searchScan.templated): the lines planner
	// takes them and keeps 5/5 at both budgets too.
	"log_groff_ww_z_man1_pages_a_to_gcc_troff_warnings": StrategyLines,
	// Held-out set 11, first run: logs no log rule claimed. flawfinder's
	// `[5] (race) chmod:` hits carry their level as a number and read as
	// lines. phpcs's `FILE:` report tables are read as a document: its
	// rows are findings now (a severity cell), but under a third of its
	// lines, and planned as a log its `FILE:` headers are lost to the
	// rows, so the outline still keeps more.
	"log_flawfinder_debian_c_examples_injected_gets":          StrategyLines,
	"log_phpcs_squiz_full_report_codesniffer_src_unreachable": StrategyOutline,
	// Held-out set 10, first run: lintian -i's `E: pkg: tag` and `N:`
	// explanation lines carry their level in a one-letter tag, not a word.
	"log_lintian_info_pedantic_tcllib_deb_no_copyright_file": StrategyLines,
	// Held-out set 8, first run: logs no log rule claimed yet.
	"log_ava_verbose_validator_ipv4_octet_255": StrategyLines,
	// Validators (issue 10, family checks). codespell's findings, `path:N: word ==> fix`, have
	// grep -n's shape and carry no severity, no failure word and no
	// verdict but a bare count: search takes them, keeping the injected
	// typo and the count at 16,000 bytes.
	"log_codespell_count_perl_core_lib_injected_typo": StrategySearch,
	// Held out: a successful npm install with no exit code, no failure
	// and no counting verdict a rule knows; the line planner keeps both
	// facts (the first line and the verdict, the last).
	"log_npm_install_loglevel_http_eslint_request_success": StrategyLines,
	// Held-out set 3. Warnings only (gcc -fanalyzer) and no closing
	// count: the line planner keeps its facts at 16,000 bytes.
	"log_gcc_fanalyzer_lz4_use_after_free_leak_paths": StrategyLines,
}

// Every real output, compressed at the default budget through the whole
// pipeline, keeps what its expect.json says a good compression must keep,
// and a search or log output lands in its planner.
func TestCorpusKeepsWhatMatters(t *testing.T) {
	h := mustNew(t)
	// Search and log outputs must reach their planners; plain and JSON
	// outputs have several planners (and clip) to choose from.
	wantStrategy := map[string]Strategy{"search": StrategySearch, "log": StrategyLog}
	for _, c := range loadCorpus(t) {
		t.Run(c.name, func(t *testing.T) {
			got, o, err := h.Compress(context.Background(), ToolOutput{Tool: c.tool, Text: c.input})
			if err != nil {
				t.Fatal(err)
			}
			if len(c.input) <= DefaultMaxBytes {
				if got != c.input {
					t.Fatal("an output under budget must pass through unchanged")
				}
				return
			}
			if len(got) > DefaultMaxBytes {
				t.Fatalf("%d bytes, over budget", len(got))
			}
			if want, ok := wantStrategy[c.Kind]; ok {
				switch now, known := knownMisroutes[c.name]; {
				case known && o.Strategy != now:
					t.Errorf("strategy %s now (was %s): update knownMisroutes", o.Strategy, now)
				case !known && o.Strategy != want:
					t.Errorf("strategy %s, want %s for a %s output", o.Strategy, want, c.Kind)
				}
			}
			for _, m := range c.MustContain {
				gap := slices.Contains(knownGaps[c.name], m)
				if kept := keptFact(got, m); !kept && !gap {
					t.Errorf("lost %q", m)
				} else if kept && gap {
					t.Errorf("%q is kept now: remove it from knownGaps", m)
				}
			}
			// A file is listed by its path, or by its name on its
			// directory's index line.
			named := map[string]bool{}
			for _, l := range strings.Split(got, "\n") {
				for _, p := range indexNamed(l) {
					named[p] = true
				}
			}
			var unlisted []string
			for _, f := range c.Files {
				if !strings.Contains(got, f) && !named[f] {
					unlisted = append(unlisted, f)
				}
			}
			known := knownSearchGaps[c.name]
			if len(unlisted) != known.unlisted {
				t.Errorf("%d of %d files not listed (known: %d), first %q", len(unlisted), len(c.Files), known.unlisted, unlisted[:min(5, len(unlisted))])
			}
			stated := strings.Contains(got, txt.Commas(c.TotalMatches)) || strings.Contains(got, itoa(c.TotalMatches))
			if c.Kind == "search" && stated == known.noTotal {
				t.Errorf("the output states the %d matches: %v (known gap: %v)", c.TotalMatches, stated, known.noTotal)
			}
			checkGolden(t, filepath.Join("compress", c.name+".golden"), got)
		})
	}
}

// keptFact reports whether fact survives in out: verbatim, or as a
// terminal shows it (escapes stripped, \r redraws collapsed) when the
// planner cleaned what it wrote, as ../shared/tools/evalcorpus.py judges.
func keptFact(out, fact string) bool {
	if strings.Contains(out, fact) {
		return true
	}
	if !strings.ContainsAny(fact, "\x1b\r") {
		return false
	}
	f, _ := cleanTerminalText(fact)
	o, _ := cleanTerminalText(out)
	return strings.TrimSpace(f) != "" && strings.Contains(o, f)
}

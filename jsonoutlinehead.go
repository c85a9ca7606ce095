package headroom

// A tree of one kind of node — npm ls --json's packages, each with its
// "dependencies" of packages — has no shape for an outline to show: every
// depth holds the same objects, and opening the document breadth first,
// the largest values of a depth first, spends the room on the top
// levels' summaries (npm's 65 direct dependencies) and summarises the
// small subtrees a blind clip's head shows whole (node-gyp, five levels
// down in @npmcli/run-script's). Such a tree is a sequence in disguise,
// its nodes in the order a walk meets them; cut by little, it keeps a
// clip's head first, as a flat map cut by little does (sequenceHeadRoom),
// and the breadth-first outline takes the room left: the rest summarised
// on its key lines, the document's end as a clip's tail (withClipTail).

// headFirstCut is the most a tree may be cut by (its size over the
// limit) for its outline to open a blind clip's head first.
const headFirstCut = 3

// selfNestedMin is how many times one key nests in itself, along one
// path, for a document to be a tree (selfNested).
const selfNestedMin = 3

// clipHeadEnd returns where a blind clip's head of about limit bytes of
// content would end in the document text[root:end], when the document
// is cut by less than headFirstCut; else 0.
func clipHeadEnd(root, end, limit int) int {
	if end-root >= headFirstCut*limit {
		return 0
	}
	return root + limit*clipHeadEighths/8
}

// selfNested reports whether the valid JSON value text[start:end] is a
// tree: along one path, some key's container holds a member of the same
// key, which holds another, selfNestedMin containers in all (npm's
// "dependencies" in "dependencies" in "dependencies"). A JSON schema's
// "properties" or "items" nest once or twice; a tree's children key
// nests as deep as the tree is.
func selfNested(text string, start, end int) bool {
	key, _ := selfNestedKey(text, start, end)
	return key != ""
}

// selfNestedKey returns the key, quotes included, that makes the valid
// JSON value text[start:end] a tree (selfNested), the first found along a
// path, and where the value of that key which made it one starts (its
// children are nodes: an array's elements, or a map's members by name);
// "" when it is none.
func selfNestedKey(text string, start, end int) (key string, at int) {
	var path []string // the key of each open container, "" for an element or the root
	count := map[string]int{}
	for i := start; i < end; i++ {
		switch text[i] {
		case '"':
			j := stringEnd(text, i)
			v := skipSpace(text, j)
			if v < end && text[v] == ':' {
				if v = skipSpace(text, v+1); v < end && (text[v] == '{' || text[v] == '[') {
					key := text[i:j]
					path = append(path, key)
					if count[key]++; count[key] >= selfNestedMin {
						return key, v
					}
					i = v
					continue
				}
			}
			i = j - 1
		case '{', '[':
			path = append(path, "")
		case '}', ']':
			if len(path) == 0 {
				return "", 0
			}
			if key := path[len(path)-1]; key != "" {
				count[key]--
			}
			path = path[:len(path)-1]
		}
	}
	return "", 0
}

// alikeBulk returns which member of the object top is its bulk — its
// largest, seven eighths of the document or more — when that member is a
// map of alike members (alikeMembers): a lockfile's packages by path, a
// registry's functions by name; else -1. Like a tree, such a map is a
// sequence in disguise, its members in the order a reader scans them. A
// document whose other members are large too (a JSON schema's
// properties beside its definitions) is no such sequence: its breadth
// names them.
func alikeBulk(text string, top jsonTop) int {
	if top.kind != "object member" || len(top.innerAt) != len(top.elems)+1 {
		return -1
	}
	k := 0
	for i, m := range top.elems {
		if m[1]-m[0] > top.elems[k][1]-top.elems[k][0] {
			k = i
		}
	}
	if 8*(top.elems[k][1]-top.elems[k][0]) < 7*top.end {
		return -1
	}
	v := skipSpace(text, skipSpace(text, stringEnd(text, top.elems[k][0]))+1)
	if text[v] != '{' || !alikeMembers(text, top.inner[top.innerAt[k]:top.innerAt[k+1]]) {
		return -1
	}
	return k
}

// opened returns how many members of the root's member whose key starts
// at key the outline shows by more than their key line: opened, whole or
// on a line of their own, rather than summarised.
func (o *outliner) opened(key int) int {
	for _, i := range o.nodes[0].kids {
		n := o.nodes[i]
		if n.key != key || n.state != asOpen {
			continue
		}
		shown := 0
		for _, c := range n.kids {
			if o.nodes[c].state != asElided {
				shown++
			}
		}
		return shown
	}
	return 0
}

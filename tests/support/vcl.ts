// Reads a VCL file's vcl_recv and says what Varnish does with a request:
// "pass" (straight to the shop), "hash" (look it up in the cache, store the
// answer if the shop marks it public) or another return. Enough of VCL to
// follow deploy/varnish/shop.vcl: if/elsif/else, ||, &&, !, ==, !=, ~, !~,
// return, set of a request header to a string, unset of a request header. Anything else it meets on the way
// (an ACL, an unknown function) throws, so a VCL change this cannot follow
// fails the test instead of being misread.

/** `tls`: the connection came through a TLS terminator that said so (PROXY protocol). */
export type VclRequest = { method: string; url: string; headers: Record<string, string>; tls?: boolean };

type Token = { kind: "str" | "word" | "op"; value: string };
type Expr =
  | { kind: "or" | "and"; left: Expr; right: Expr }
  | { kind: "not"; of: Expr }
  | { kind: "cmp"; op: string; left: Operand; right: Operand }
  | { kind: "value"; of: Operand };
type Operand = { kind: "str"; value: string } | { kind: "name"; value: string } | { kind: "call"; name: string };
type Statement =
  | { kind: "if"; branches: { when: Expr | null; then: Statement[] }[] }
  | { kind: "return"; action: string }
  | { kind: "unset"; target: string }
  | { kind: "set"; target: string; value: string }
  | { kind: "other" };

const TOKEN = /\s+|#[^\n]*|\{"([\s\S]*?)"\}|"([^"\n]*)"|(==|!=|!~|&&|\|\||[<>]=?|[~!(){};=,+])|([\w.-]+)/y;

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < source.length) {
    const at = TOKEN.lastIndex;
    const m = TOKEN.exec(source);
    if (!m) throw new Error(`VCL: cannot read at ${source.slice(at, at + 30)}`);
    if (m[1] !== undefined || m[2] !== undefined) tokens.push({ kind: "str", value: m[1] ?? m[2]! });
    else if (m[3]) tokens.push({ kind: "op", value: m[3] });
    else if (m[4]) tokens.push({ kind: "word", value: m[4] });
  }
  return tokens;
}

class Parser {
  private at = 0;
  constructor(private readonly tokens: Token[]) {}

  private peek(value?: string): boolean {
    const token = this.tokens[this.at];
    return token !== undefined && (value === undefined || token.value === value);
  }
  private next(value?: string): Token {
    const token = this.tokens[this.at++];
    if (!token || (value !== undefined && token.value !== value)) throw new Error(`VCL: expected ${value ?? "more"}, found ${token?.value}`);
    return token;
  }

  /** The statements of the sub named `name`. */
  sub(name: string): Statement[] {
    while (this.peek() && !(this.tokens[this.at]!.value === "sub" && this.tokens[this.at + 1]?.value === name)) this.at++;
    this.next("sub");
    this.next(name);
    return this.block();
  }

  private block(): Statement[] {
    this.next("{");
    const statements: Statement[] = [];
    while (!this.peek("}")) statements.push(this.statement());
    this.next("}");
    return statements;
  }

  private statement(): Statement {
    const first = this.next();
    if (first.value === "if") {
      const branches: { when: Expr | null; then: Statement[] }[] = [{ when: this.condition(), then: this.block() }];
      for (;;) {
        if (this.peek("elsif") || this.peek("elseif")) {
          this.next();
          branches.push({ when: this.condition(), then: this.block() });
        } else if (this.peek("else")) {
          this.next();
          if (this.peek("if")) {
            this.next();
            branches.push({ when: this.condition(), then: this.block() });
          } else branches.push({ when: null, then: this.block() });
        } else return { kind: "if", branches };
      }
    }
    if (first.value === "return") {
      this.next("(");
      const action = this.next().value;
      this.skipStatement();
      return { kind: "return", action };
    }
    if (first.value === "unset") {
      const target = this.next().value;
      this.skipStatement();
      return { kind: "unset", target };
    }
    // A request header set to a string; any other set (the backend hint) changes nothing modelled here.
    if (first.value === "set" && this.peek() && this.tokens[this.at]!.value.startsWith("req.http.")) {
      const target = this.next().value;
      this.next("=");
      const value = this.next();
      if (value.kind !== "str" || !this.peek(";")) throw new Error(`VCL: no model of setting ${target} to more than a string`);
      this.next(";");
      return { kind: "set", target, value: value.value };
    }
    this.skipStatement();
    return { kind: "other" };
  }

  /** Skips to the end of the statement, past any parentheses (a return's own is already open). */
  private skipStatement(): void {
    let depth = 0;
    for (;;) {
      const { value } = this.next();
      if (value === "(") depth++;
      else if (value === ")") depth--;
      else if (value === ";" && depth <= 0) return;
    }
  }

  private condition(): Expr {
    this.next("(");
    const expr = this.or();
    this.next(")");
    return expr;
  }
  private or(): Expr {
    let left = this.and();
    while (this.peek("||")) {
      this.next();
      left = { kind: "or", left, right: this.and() };
    }
    return left;
  }
  private and(): Expr {
    let left = this.unary();
    while (this.peek("&&")) {
      this.next();
      left = { kind: "and", left, right: this.unary() };
    }
    return left;
  }
  private unary(): Expr {
    if (this.peek("!")) {
      this.next();
      return { kind: "not", of: this.unary() };
    }
    if (this.peek("(")) return this.condition();
    const left = this.operand();
    const op = ["==", "!=", "~", "!~"].find((o) => this.peek(o));
    if (!op) return { kind: "value", of: left };
    this.next();
    return { kind: "cmp", op, left, right: this.operand() };
  }
  private operand(): Operand {
    const token = this.next();
    if (token.kind === "str") return { kind: "str", value: token.value };
    if (!this.peek("(")) return { kind: "name", value: token.value };
    this.next("(");
    let depth = 1;
    while (depth > 0) {
      const { value } = this.next();
      if (value === "(") depth++;
      else if (value === ")") depth--;
    }
    return { kind: "call", name: token.value };
  }
}

/** Functions vcl_recv may call in a condition, and what they answer here: every back end healthy; TLS as the request says. */
const CALLS: Record<string, (req: VclRequest) => boolean> = { "std.healthy": () => true, "proxy.is_ssl": (req) => req.tls === true };

function valueOf(operand: Operand, req: VclRequest): string | boolean | undefined {
  if (operand.kind === "str") return operand.value;
  if (operand.kind === "call") {
    const call = CALLS[operand.name];
    if (!call) throw new Error(`VCL: no model of ${operand.name}()`);
    return call(req);
  }
  if (operand.value === "req.url") return req.url;
  if (operand.value === "req.method") return req.method;
  if (operand.value.startsWith("req.http.")) return req.headers[operand.value.slice("req.http.".length).toLowerCase()];
  throw new Error(`VCL: no model of ${operand.value}`);
}

function holds(expr: Expr, req: VclRequest): boolean {
  switch (expr.kind) {
    case "or":
      return holds(expr.left, req) || holds(expr.right, req);
    case "and":
      return holds(expr.left, req) && holds(expr.right, req);
    case "not":
      return !holds(expr.of, req);
    case "value":
      return Boolean(valueOf(expr.of, req));
    case "cmp": {
      if (expr.right.kind !== "str") throw new Error(`VCL: no model of a comparison with ${JSON.stringify(expr.right)}`);
      const left = valueOf(expr.left, req);
      const text = typeof left === "string" ? left : undefined;
      const found = expr.op === "==" || expr.op === "!=" ? text === expr.right.value : text !== undefined && new RegExp(expr.right.value).test(text);
      return expr.op.startsWith("!") ? !found : found;
    }
  }
}

function run(statements: Statement[], req: VclRequest): string | null {
  for (const statement of statements) {
    if (statement.kind === "return") return statement.action;
    if (statement.kind === "unset" && statement.target.startsWith("req.http.")) delete req.headers[statement.target.slice("req.http.".length).toLowerCase()];
    if (statement.kind === "set") req.headers[statement.target.slice("req.http.".length).toLowerCase()] = statement.value;
    if (statement.kind === "if") {
      const branch = statement.branches.find((b) => b.when === null || holds(b.when, req));
      const action = branch ? run(branch.then, req) : null;
      if (action) return action;
    }
  }
  return null;
}

/** What the VCL's vcl_recv returns for the request ("pass", "hash", "synth"…); header names in lower case. */
export function vclRecv(vcl: string, request: VclRequest): string {
  return vclRecvRun(vcl, request).action;
}

/** vcl_recv's return and the request headers it hands on (to the cache and the shop), lower-case names. */
export function vclRecvRun(vcl: string, request: VclRequest): { action: string; headers: Record<string, string> } {
  const statements = new Parser(tokenize(vcl)).sub("vcl_recv");
  const req = { ...request, headers: { ...request.headers } };
  const action = run(statements, req) ?? "hash";
  return { action, headers: req.headers };
}

/**
 * Every type a library user meets in a public signature can be named, i.e. is
 * exported from the package entry (src/index.ts). The TypeScript compiler walks every export's
 * declarations (and, recursively, the declarations of the types they mention) and lists the
 * project's own named types (interfaces, type aliases, classes, enums) that are not exported.
 */
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const entry = path.join(root, 'src', 'index.ts');

/** Names of the project's types reachable from the entry's exports that the entry does not export. */
function unexportedReachableTypes(): string[] {
  const program = ts.createProgram([entry], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    strict: true,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(entry);
  if (source === undefined) throw new Error('no entry');
  const moduleSymbol = checker.getSymbolAtLocation(source);
  if (moduleSymbol === undefined) throw new Error('no module symbol');
  const resolve = (symbol: ts.Symbol): ts.Symbol => (symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol);
  const exported = new Set(checker.getExportsOfModule(moduleSymbol).map(resolve));
  const ours = (decl: ts.Node): boolean => {
    const file = decl.getSourceFile().fileName;
    return file.startsWith(path.join(root, 'src')) && !file.includes('node_modules');
  };
  const seen = new Set<ts.Symbol>();
  const missing = new Set<string>();
  const namedType = ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias | ts.SymbolFlags.Class | ts.SymbolFlags.Enum;
  const visitSymbol = (symbol: ts.Symbol): void => {
    const target = resolve(symbol);
    if (seen.has(target)) return;
    seen.add(target);
    const declarations = (target.declarations ?? []).filter(ours);
    if (declarations.length === 0) return;
    if (target.flags & namedType && !exported.has(target)) {
      const file = path.relative(root, declarations[0]!.getSourceFile().fileName);
      missing.add(`${target.getName()} (${file})`);
    }
    for (const decl of declarations) walk(decl);
  };
  const walk = (node: ts.Node): void => {
    // Private class members and function bodies are not part of a signature.
    if (ts.isBlock(node) || (ts.canHaveModifiers(node) && ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.PrivateKeyword)))
      return;
    if (ts.isPropertyDeclaration(node) && ts.isPrivateIdentifier(node.name)) return;
    if (ts.isMethodDeclaration(node) && ts.isPrivateIdentifier(node.name)) return;
    if (ts.isVariableDeclaration(node) && node.type === undefined && node.initializer !== undefined) {
      // `export const X = …`: its inferred type's named types.
      const type = checker.getTypeAtLocation(node);
      const symbol = type.aliasSymbol ?? type.getSymbol();
      if (symbol !== undefined) visitSymbol(symbol);
      return;
    }
    if (ts.isTypeReferenceNode(node) || ts.isExpressionWithTypeArguments(node) || ts.isTypeQueryNode(node)) {
      const name = ts.isTypeReferenceNode(node) ? node.typeName : ts.isTypeQueryNode(node) ? node.exprName : node.expression;
      const symbol = checker.getSymbolAtLocation(ts.isQualifiedName(name) ? name.right : name);
      if (symbol !== undefined) visitSymbol(symbol);
    }
    ts.forEachChild(node, walk);
  };
  for (const symbol of checker.getExportsOfModule(moduleSymbol)) visitSymbol(symbol);
  return [...missing].sort();
}

describe('the package entry', () => {
  it('exports every type reachable from its exported signatures', () => {
    expect(unexportedReachableTypes()).toEqual([]);
  }, 60_000);
});

// Measures the size of the interface code: files over 300 lines and functions over 150 lines
// in app/ and components/. Usage: node scripts/measure-ui-size.mjs [--all]
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";

const roots = ["app", "components"];
const FILE_LIMIT = 300;
const FUNCTION_LIMIT = 150;

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return walk(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

function functionName(node) {
  if (node.name) return node.name.getText();
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent)) return parent.name.getText();
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText();
  return "(anonymous)";
}

const files = [];
const functions = [];
for (const path of roots.flatMap(walk)) {
  const text = readFileSync(path, "utf8");
  files.push({ path, lines: text.split("\n").length - (text.endsWith("\n") ? 1 : 0) });
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const visit = (node) => {
    if (ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node) || ts.isArrowFunction(node) || ts.isMethodDeclaration(node)) {
      const start = source.getLineAndCharacterOfPosition(node.getStart()).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      functions.push({ path, name: functionName(node), lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

const bigFiles = files.filter((f) => f.lines > FILE_LIMIT).sort((a, b) => b.lines - a.lines);
const longFunctions = functions.filter((f) => f.lines > FUNCTION_LIMIT).sort((a, b) => b.lines - a.lines);
const over80 = functions.filter((f) => f.lines > 80).length;

console.log(`files: ${files.length}, over ${FILE_LIMIT} lines: ${bigFiles.length}`);
for (const f of bigFiles) console.log(`  ${String(f.lines).padStart(5)}  ${f.path}`);
console.log(`functions over 80 lines: ${over80}; over ${FUNCTION_LIMIT} lines: ${longFunctions.length}`);
for (const f of longFunctions) console.log(`  ${String(f.lines).padStart(5)}  ${f.path} ${f.name}`);

// A small ESLint rule for the layers of STYLE.md, without a resolver dependency:
//   shared/ never imports the apps or the server; the apps never import each other or the server
//   (one exception: the admin console's course preview shows the learner's player through the
//   single file below, docs/decisions/035); the server never imports the apps; inside an app, a feature never imports another feature,
//   and features never import the app shell (src/app).
// In the server (docs/decisions/021), each module is *.routes.ts → *.service.ts → *.repository.ts:
//   route files never import the ORM, the schema or a repository's code (app.ts wires them),
//   services never import Hono, and a module never imports another module's repository (shared
//   query pieces live in server/src/db/shared-queries.ts).
import { dirname, relative, resolve, sep } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const WORKSPACES = ['shared', 'server', 'learner-pwa', 'admin-spa'];
const APPS = ['learner-pwa', 'admin-spa'];
/** The learner's player for staff previews: the one learner file the admin console may import. */
const ADMIN_MAY_IMPORT = resolve(root, 'learner-pwa', 'src', 'features', 'player', 'preview-player');

/** Where a file sits: its workspace, and inside an app, its feature or 'app'. */
function place(file) {
  const parts = relative(root, file).split(sep);
  const workspace = WORKSPACES.includes(parts[0]) ? parts[0] : null;
  let feature = null;
  let shell = false;
  if (workspace && APPS.includes(workspace) && parts[1] === 'src') {
    if (parts[2] === 'features') feature = parts[3] ?? null;
    if (parts[2] === 'app') shell = true;
  }
  return { workspace, feature, shell };
}

function target(source, fromFile) {
  if (source.startsWith('.')) return resolve(dirname(fromFile), source);
  const match = /^@rivet\/([^/]+)(\/.*)?$/.exec(source);
  if (match) return resolve(root, match[1], `.${match[2] ?? ''}`);
  return null;
}

function violation(from, to) {
  if (!from.workspace || !to.workspace) return null;
  if (from.workspace === 'shared' && to.workspace !== 'shared') return 'shared/ is used by the apps and the server, never the reverse.';
  if (from.workspace !== to.workspace && to.workspace !== 'shared') return `${from.workspace} must not import ${to.workspace}.`;
  if (from.workspace === to.workspace && from.feature) {
    if (to.shell) return 'Features do not import the app shell (src/app).';
    if (to.feature && to.feature !== from.feature) return 'A feature never imports another feature; move shared code to shared/ or compose in src/app.';
  }
  return null;
}

const SERVER_SRC = resolve(root, 'server', 'src');

/** A server source file's module (its folder under server/src) and layer, from its name. */
function serverPlace(file) {
  const rel = relative(SERVER_SRC, file);
  if (rel.startsWith('..')) return null;
  const parts = rel.split(sep);
  const name = parts[parts.length - 1].replace(/\.(ts|js)$/, '');
  if (/\.test$/.test(name)) return null;
  const layer = name.endsWith('.routes') ? 'routes' : name.endsWith('.service') ? 'service' : name.endsWith('.repository') ? 'repository' : null;
  return { module: parts.length > 1 ? parts[0] : null, layer };
}

function serverViolation(fromFile, source, path, typeOnly) {
  const from = serverPlace(fromFile);
  if (!from) return null;
  if (from.layer === 'routes') {
    if (path && !typeOnly && /\.repository(\.ts)?$/.test(path)) return 'Route files receive their service: create repositories and services in app.ts.';
    if (/^drizzle-orm(\/|$)/.test(source)) return 'Route files do not use the ORM: put the query in the module’s repository.';
    if (path && path.replace(/\.ts$/, '') === resolve(SERVER_SRC, 'db', 'schema')) return 'Route files do not import the schema: put the query in the module’s repository.';
  }
  if (from.layer === 'service' && /^hono(\/|$)/.test(source)) return 'Services do not import Hono: the route passes what the service needs (caller, audit, values).';
  if (path) {
    const to = serverPlace(path);
    if (to && to.layer === 'repository' && to.module !== from.module && from.module !== null) {
      return 'A module does not import another module’s repository: move the shared query piece to server/src/db/shared-queries.ts.';
    }
  }
  return null;
}

const layersRule = {
  meta: { type: 'problem', schema: [], docs: { description: 'Enforce the import layers of STYLE.md' } },
  create(context) {
    const file = context.filename;
    const from = place(file);
    const check = (node, source, typeOnly = false) => {
      if (typeof source !== 'string') return;
      const path = target(source, file);
      const serverMessage = serverViolation(file, source, path, typeOnly);
      if (serverMessage) context.report({ node, message: serverMessage });
      if (!path) return;
      if (from.workspace === 'admin-spa' && path.replace(/\.tsx?$/, '') === ADMIN_MAY_IMPORT) return;
      const message = violation(from, place(path));
      if (message) context.report({ node, message });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value, node.importKind === 'type'),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export default { rules: { imports: layersRule } };

/**
 * The demo project's planning as plain data: "Résidence Les Jardins de l'Erdre", 48 logements in two
 * buildings (A and B), levels R+0 to R+4, each level split into a north and a south wing of 2-3 logements
 * plus its common parts. Gros œuvre climbs level by level, building A then B; the second-œuvre trades then
 * flow wing after wing (a trade's task in a wing follows its task in the previous wing, end-begin), each wing
 * chaining its trades in the usual order. About 800 tasks and milestones, 1,700 links.
 *
 * No dates here except the root's: every date is computed by the engine (see `scheduleDemo`).
 */

export interface DemoLot {
  key: string;
  name: string;
  color: string;
  company: string;
  specialities: string[];
}

export const DEMO_LOTS: DemoLot[] = [
  {
    key: "inst",
    name: "Installation de chantier",
    color: "#9E9E9E",
    company: "Bâti Ouest Entreprise générale",
    specialities: ["Base vie", "Levage"],
  },
  {
    key: "vrd",
    name: "Terrassement / VRD",
    color: "#795548",
    company: "TP Loire Atlantique",
    specialities: ["Terrassement", "Réseaux enterrés"],
  },
  {
    key: "go",
    name: "Gros œuvre",
    color: "#8D6E63",
    company: "Bâti Ouest Entreprise générale",
    specialities: ["Fondations", "Voiles et planchers"],
  },
  {
    key: "etan",
    name: "Étanchéité",
    color: "#37474F",
    company: "Étanchéité Atlantique",
    specialities: ["Toitures terrasses"],
  },
  {
    key: "mext",
    name: "Menuiseries extérieures",
    color: "#1E88E5",
    company: "Menuiseries Nantaises",
    specialities: ["Fenêtres PVC", "Occultations"],
  },
  {
    key: "ravt",
    name: "Ravalement / façades",
    color: "#BCAAA4",
    company: "Façades de l'Ouest",
    specialities: ["Enduits", "Bardage"],
  },
  {
    key: "cloi",
    name: "Cloisons / doublages",
    color: "#FFB300",
    company: "Plâtrerie Bretonne",
    specialities: ["Cloisons", "Doublages", "Faux plafonds"],
  },
  {
    key: "plom",
    name: "Plomberie",
    color: "#00897B",
    company: "Sanitherm",
    specialities: ["Réseaux", "Appareils sanitaires"],
  },
  {
    key: "cvc",
    name: "Chauffage / ventilation",
    color: "#E53935",
    company: "Sanitherm",
    specialities: ["VMC", "Chauffage"],
  },
  {
    key: "elec",
    name: "Électricité",
    color: "#FDD835",
    company: "Élec Pays de Loire",
    specialities: ["Courants forts", "Courants faibles"],
  },
  {
    key: "mint",
    name: "Menuiseries intérieures",
    color: "#6D4C41",
    company: "Atelier Bois Concept",
    specialities: ["Huisseries", "Placards"],
  },
  {
    key: "carr",
    name: "Carrelage / faïence",
    color: "#26A69A",
    company: "Carrelages Durand",
    specialities: ["Chapes", "Carrelage", "Faïence"],
  },
  {
    key: "sols",
    name: "Revêtements de sols souples",
    color: "#AB47BC",
    company: "Sols Confort",
    specialities: ["Sols PVC"],
  },
  {
    key: "pein",
    name: "Peinture",
    color: "#EC407A",
    company: "Peintures Lemoine",
    specialities: ["Peinture intérieure"],
  },
  {
    key: "serr",
    name: "Serrurerie / métallerie",
    color: "#546E7A",
    company: "Métallerie du Val",
    specialities: ["Garde-corps"],
  },
  { key: "asc", name: "Ascenseurs", color: "#5C6BC0", company: "Ascenseurs Océane", specialities: ["Montage"] },
  {
    key: "nett",
    name: "Nettoyage",
    color: "#90A4AE",
    company: "Net Pro Chantiers",
    specialities: ["Nettoyage de fin de chantier"],
  },
];

export interface DemoZone {
  key: string;
  name: string;
  parent: string | null;
  unity: "macro" | "zone" | "micro" | "others";
  level: number;
  typology: string | null;
}

export interface DemoEvent {
  key: string;
  name: string;
  type: "task" | "milestone";
  numberOfDays: number;
  lot: string | null;
  zone: string;
  sequence: string | null;
  trigram: string | null;
  startDate?: string;
  isTracked?: boolean;
  isContractual?: boolean;
  numberOfPeople?: number;
  tags?: string[];
}

export interface DemoLink {
  parent: string;
  child: string;
  type: "end-begin" | "begin-begin" | "end-end" | "begin-end";
  delay: number;
}

export interface DemoSequence {
  key: string;
  name: string;
  zone: string;
  color: string;
}

export interface DemoPlan {
  zones: DemoZone[];
  sequences: DemoSequence[];
  events: DemoEvent[];
  links: DemoLink[];
}

import { DEMO_START } from "./demoCalendar.js";

export { DEMO_HOLIDAYS, DEMO_START, DEMO_VACATIONS } from "./demoCalendar.js";

/** Second-œuvre tasks of one wing: [lot, name, days, indices of predecessors in this list (default: previous)]. */
const WING_TASKS: [string, string, number, number[]?][] = [
  ["cloi", "Implantation et rails", 2],
  ["plom", "Réseaux EF/EC encastrés", 3, [0]],
  ["elec", "Gaines et boîtiers", 3, [0]],
  ["cvc", "Réseaux VMC", 2, [0]],
  ["cloi", "Plaques 1re face", 3, [1, 2, 3]],
  ["elec", "Tirage des câbles", 2],
  ["plom", "Essais d'étanchéité des réseaux", 1, [4]],
  ["cloi", "Isolation et 2e face", 3, [5, 6]],
  ["cloi", "Faux plafonds", 2],
  ["cloi", "Bandes et enduits", 3],
  ["mint", "Huisseries", 2, [9]],
  ["carr", "Chapes", 2, [9]],
  ["carr", "Carrelage pièces humides", 3],
  ["carr", "Faïence", 2],
  ["pein", "Enduits et ponçage", 2, [10, 13]],
  ["pein", "Impression", 2],
  ["plom", "Appareils sanitaires", 2, [15]],
  ["elec", "Appareillage", 2, [15]],
  ["elec", "Tableau électrique", 1],
  ["cvc", "Radiateurs et bouches VMC", 2, [15]],
  ["mint", "Portes et placards", 2, [15]],
  ["sols", "Revêtements de sols", 3, [16, 18, 19, 20]],
  ["carr", "Plinthes", 1],
  ["pein", "Finitions peinture", 3],
  ["serr", "Garde-corps de balcons", 2, [21]],
  ["cvc", "Mise en service ventilation", 1, [23]],
  ["elec", "Essais et mise sous tension", 1, [23]],
  ["mext", "Réglages des menuiseries", 1, [23]],
  ["elec", "Courants faibles et VDI", 1, [23]],
  ["plom", "Contrôle des débits", 1, [16, 23]],
  ["cloi", "Retouches et trappes de visite", 1, [23]],
  ["nett", "Nettoyage des logements", 1, [24, 25, 26, 27, 28, 29, 30]],
];

/** Common parts of a level (stairwell, landing). */
const COMMON_TASKS: [string, string, number, number[]?][] = [
  ["cloi", "Doublages circulations", 2],
  ["elec", "Éclairage des paliers", 2],
  ["pein", "Peinture des circulations", 3],
  ["sols", "Sols des paliers", 2],
  ["serr", "Main courante d'escalier", 1, [2]],
  ["nett", "Nettoyage des parties communes", 1, [3, 4]],
];

const LEVELS = ["R+0", "R+1", "R+2", "R+3", "R+4"];
const BUILDINGS = ["A", "B"];
const WINGS = [
  { key: "N", name: "Logements nord" },
  { key: "S", name: "Logements sud" },
];

function trigramOf(name: string): string {
  const letters = name
    .normalize("NFD")
    .replace(/[^A-Za-z ]/g, "")
    .split(" ")
    .filter((w) => w.length > 2);
  return (letters.map((w) => w[0]).join("") + "XXX").slice(0, 3).toUpperCase();
}

export function buildDemoPlan(): DemoPlan {
  const zones: DemoZone[] = [];
  const sequences: DemoSequence[] = [];
  const events: DemoEvent[] = [];
  const links: DemoLink[] = [];
  const task = (e: Omit<DemoEvent, "type" | "trigram"> & { trigram?: string | null }) => {
    events.push({ type: "task", trigram: e.trigram ?? trigramOf(e.name), ...e });
    return e.key;
  };
  const milestone = (
    e: Omit<DemoEvent, "type" | "numberOfDays" | "lot" | "trigram" | "sequence"> & { sequence?: string | null },
  ) => {
    events.push({ type: "milestone", numberOfDays: 0, lot: null, trigram: null, sequence: e.sequence ?? null, ...e });
    return e.key;
  };
  const link = (parent: string, child: string, delay = 0, type: DemoLink["type"] = "end-begin") =>
    links.push({ parent, child, type, delay });

  zones.push({ key: "site", name: "Site", parent: null, unity: "macro", level: 0, typology: "Extérieurs" });
  DEMO_COMMON_ROOMS.forEach((name, i) =>
    zones.push({
      key: `local${i}`,
      name,
      parent: "site",
      unity: "zone",
      level: 1,
      typology: DEMO_COMMON_ROOM_TYPOLOGY,
    }),
  );
  for (const b of BUILDINGS) {
    zones.push({ key: `b${b}`, name: `Bâtiment ${b}`, parent: null, unity: "macro", level: 0, typology: "Bâtiment" });
    for (const l of LEVELS) {
      zones.push({ key: `${b}${l}`, name: l, parent: `b${b}`, unity: "zone", level: 1, typology: "Niveau" });
      for (const w of WINGS)
        zones.push({
          key: `${b}${l}${w.key}`,
          name: w.name,
          parent: `${b}${l}`,
          unity: "micro",
          level: 2,
          typology: "Logements",
        });
      zones.push({
        key: `${b}${l}C`,
        name: "Parties communes",
        parent: `${b}${l}`,
        unity: "micro",
        level: 2,
        typology: "Circulations",
      });
    }
  }

  // Site preparation.
  const start = milestone({
    key: "start",
    name: "Démarrage des travaux",
    zone: "site",
    startDate: DEMO_START,
    isTracked: true,
    isContractual: true,
    tags: ["jalon"],
  });
  const inst = task({
    key: "inst",
    name: "Installation de chantier et base vie",
    numberOfDays: 5,
    lot: "inst",
    zone: "site",
    sequence: null,
    tags: ["go"],
  });
  link(start, inst);
  const grue = task({
    key: "grue",
    name: "Montage de la grue",
    numberOfDays: 3,
    lot: "inst",
    zone: "site",
    sequence: null,
  });
  link(inst, grue);
  const terr = task({
    key: "terr",
    name: "Terrassements généraux",
    numberOfDays: 12,
    lot: "vrd",
    zone: "site",
    sequence: null,
    tags: ["go"],
  });
  link(inst, terr, 0, "end-begin");
  const reseaux = task({
    key: "reseaux",
    name: "Réseaux enterrés",
    numberOfDays: 10,
    lot: "vrd",
    zone: "site",
    sequence: null,
  });
  link(terr, reseaux, -5);

  const buildingEnds: string[] = [];
  let previousBuilding: { found: string; levels: string[] } | null = null;
  for (const b of BUILDINGS) {
    const z = `b${b}`;
    sequences.push({ key: `go${b}`, name: `Gros œuvre bâtiment ${b}`, zone: z, color: "#8D6E63" });
    const found = task({
      key: `found${b}`,
      name: `Fondations bâtiment ${b}`,
      numberOfDays: 15,
      lot: "go",
      zone: z,
      sequence: `go${b}`,
      tags: ["go"],
      numberOfPeople: 6,
    });
    link(terr, found);
    link(grue, found);
    if (previousBuilding) link(previousBuilding.found, found, 0);
    const dallage = task({
      key: `dallage${b}`,
      name: `Dallage bâtiment ${b}`,
      numberOfDays: 6,
      lot: "go",
      zone: z,
      sequence: `go${b}`,
      tags: ["go"],
      numberOfPeople: 5,
    });
    link(found, dallage);
    let previous = dallage;
    const levelEnds: string[] = [];
    const menuiseries: string[] = [];
    LEVELS.forEach((l, li) => {
      const zl = `${b}${l}`;
      const voiles = task({
        key: `voiles${zl}`,
        name: `Voiles et poteaux ${l}`,
        numberOfDays: 8,
        lot: "go",
        zone: zl,
        sequence: `go${b}`,
        tags: ["go"],
        numberOfPeople: 6,
      });
      link(previous, voiles);
      if (previousBuilding) link(previousBuilding.levels[li], voiles);
      const plancher = task({
        key: `plancher${zl}`,
        name: `Plancher haut ${l}`,
        numberOfDays: 7,
        lot: "go",
        zone: zl,
        sequence: `go${b}`,
        tags: ["go"],
        numberOfPeople: 6,
      });
      link(voiles, plancher);
      levelEnds.push(plancher);
      previous = plancher;
      const mext = task({
        key: `mext${zl}`,
        name: `Pose des menuiseries extérieures ${l}`,
        numberOfDays: 4,
        lot: "mext",
        zone: zl,
        sequence: null,
      });
      link(plancher, mext, 5);
      if (li > 0) link(menuiseries[li - 1], mext);
      menuiseries.push(mext);
    });
    const acro = task({
      key: `acro${b}`,
      name: `Acrotères et édicules ${b}`,
      numberOfDays: 4,
      lot: "go",
      zone: z,
      sequence: `go${b}`,
    });
    link(previous, acro);
    const goEnd = milestone({
      key: `goend${b}`,
      name: `Fin du gros œuvre bâtiment ${b}`,
      zone: z,
      isTracked: true,
      sequence: `go${b}`,
    });
    link(acro, goEnd);
    const etan = task({
      key: `etan${b}`,
      name: `Étanchéité toiture terrasse ${b}`,
      numberOfDays: 10,
      lot: "etan",
      zone: z,
      sequence: null,
    });
    link(goEnd, etan);
    const horsEau = milestone({
      key: `horseau${b}`,
      name: `Hors d'eau bâtiment ${b}`,
      zone: z,
      isTracked: true,
      isContractual: true,
      tags: ["jalon"],
    });
    link(etan, horsEau);
    const horsAir = milestone({
      key: `horsair${b}`,
      name: `Hors d'air bâtiment ${b}`,
      zone: z,
      isTracked: true,
      tags: ["jalon"],
    });
    link(menuiseries[menuiseries.length - 1], horsAir);
    const echaf = task({
      key: `echaf${b}`,
      name: `Échafaudages de façade ${b}`,
      numberOfDays: 5,
      lot: "ravt",
      zone: z,
      sequence: null,
    });
    link(goEnd, echaf, 0);
    const ravt = task({
      key: `ravt${b}`,
      name: `Ravalement des façades ${b}`,
      numberOfDays: 20,
      lot: "ravt",
      zone: z,
      sequence: null,
    });
    link(echaf, ravt);
    link(horsAir, ravt, 0, "end-end");
    const asc = task({
      key: `asc${b}`,
      name: `Montage de l'ascenseur ${b}`,
      numberOfDays: 15,
      lot: "asc",
      zone: z,
      sequence: null,
    });
    link(horsEau, asc);

    // Second œuvre: wings flow level by level; each trade follows itself from wing to wing.
    let previousWing: string[] | null = null;
    let previousCommon: string[] | null = null;
    const wingEnds: string[] = [];
    LEVELS.forEach((l, li) => {
      const zl = `${b}${l}`;
      for (const w of WINGS) {
        const zw = `${zl}${w.key}`;
        const seq = `so${zw}`;
        sequences.push({
          key: seq,
          name: `Second œuvre ${b} ${l} ${w.name.toLowerCase()}`,
          zone: zw,
          color: "#FFB300",
        });
        const keys = WING_TASKS.map(([lot, name, days], k) =>
          task({
            key: `${zw}-${k}`,
            name: `${name} ${b} ${l} ${w.key === "N" ? "nord" : "sud"}`,
            numberOfDays: days,
            lot,
            zone: zw,
            sequence: seq,
            trigram: trigramOf(name),
            tags: ["so"],
            numberOfPeople: lot === "cloi" ? 3 : 2,
          }),
        );
        WING_TASKS.forEach(([, , , preds], k) => {
          if (k === 0) {
            link(`mext${zl}`, keys[0]);
            link(`plancher${zl}`, keys[0], 10);
            return;
          }
          for (const p of preds ?? [k - 1]) link(keys[p], keys[k]);
        });
        if (previousWing) WING_TASKS.forEach((_, k) => link(previousWing![k], keys[k]));
        const ready = milestone({
          key: `${zw}-ready`,
          name: `Logements ${b} ${l} ${w.key === "N" ? "nord" : "sud"} prêts aux OPR`,
          zone: zw,
          sequence: seq,
        });
        link(keys[keys.length - 1], ready);
        wingEnds.push(ready);
        previousWing = keys;
      }
      const zc = `${zl}C`;
      const ckeys = COMMON_TASKS.map(([lot, name, days], k) =>
        task({
          key: `${zc}-${k}`,
          name: `${name} ${b} ${l}`,
          numberOfDays: days,
          lot,
          zone: zc,
          sequence: null,
          tags: ["so"],
        }),
      );
      COMMON_TASKS.forEach(([, , , preds], k) => {
        if (k === 0) {
          link(`${zl}N-9`, ckeys[0]);
          link(`${zl}S-9`, ckeys[0]);
          return;
        }
        for (const p of preds ?? [k - 1]) link(ckeys[p], ckeys[k]);
      });
      if (previousCommon) COMMON_TASKS.forEach((_, k) => link(previousCommon![k], ckeys[k]));
      previousCommon = ckeys;
      if (li === LEVELS.length - 1) wingEnds.push(ckeys[ckeys.length - 1]);
    });
    const end = milestone({
      key: `achevement${b}`,
      name: `Achèvement des travaux bâtiment ${b}`,
      zone: z,
      isTracked: true,
      tags: ["jalon"],
    });
    for (const w of wingEnds) link(w, end);
    link(ravt, end);
    link(asc, end);
    buildingEnds.push(end);
    previousBuilding = { found, levels: levelEnds };
  }

  const vrdFin = task({
    key: "vrdfin",
    name: "Voiries et espaces verts",
    numberOfDays: 15,
    lot: "vrd",
    zone: "site",
    sequence: null,
  });
  link("ravtB", vrdFin);
  const opr = task({
    key: "opr",
    name: "Opérations préalables à la réception",
    numberOfDays: 5,
    lot: null,
    zone: "site",
    sequence: null,
    trigram: "OPR",
  });
  for (const e of buildingEnds) link(e, opr);
  link(vrdFin, opr);
  const reception = milestone({
    key: "reception",
    name: "Réception des travaux",
    zone: "site",
    isTracked: true,
    isContractual: true,
    tags: ["jalon"],
  });
  link(opr, reception);
  const reserves = task({
    key: "reserves",
    name: "Levée des réserves",
    numberOfDays: 20,
    lot: null,
    zone: "site",
    sequence: null,
    trigram: "LDR",
  });
  link(reception, reserves);
  const livraison = milestone({
    key: "livraison",
    name: "Livraison aux acquéreurs",
    zone: "site",
    isTracked: true,
    isContractual: true,
    tags: ["jalon"],
  });
  link(reception, livraison, 10);
  return { zones, sequences, events, links };
}

/** The common rooms of the site (typology "Locaux communs"): the demo's recurring train runs over them. */
export const DEMO_COMMON_ROOMS = ["Hall d'entrée A", "Hall d'entrée B", "Local vélos", "Local ordures ménagères"];
export const DEMO_COMMON_ROOM_TYPOLOGY = "Locaux communs";

/** A task template of the demo library: its lot (DEMO_LOTS key) and parents [task key, link type?, delay?]. */
export interface DemoTaskTemplate {
  key: string;
  name: string;
  trigram: string;
  days: number;
  people?: number;
  lot: string;
  typology?: string[];
  comments?: string;
  parents?: [string, DemoLink["type"]?, number?][];
}

export interface DemoSequenceTemplate {
  name: string;
  category: string;
  color: string;
  typology: string[];
  tasks: DemoTaskTemplate[];
  first: string;
  last: string;
}

/**
 * The global template library of the demo: the trades of a dwelling's second œuvre as planners chain them
 * (cloisons, then the embedded networks, plasterboard finishing, joinery, paint, floors), the common parts,
 * the bathrooms and the common rooms. Typologies are those of the demo's zones.
 */
export const DEMO_TEMPLATE_LIBRARY: DemoSequenceTemplate[] = [
  {
    name: "Second œuvre d'un logement",
    category: "Second œuvre",
    color: "#FFB300",
    typology: ["Logements"],
    first: "clo",
    last: "sol",
    tasks: [
      { key: "clo", name: "Cloisons / doublages", trigram: "CLO", days: 4, people: 3, lot: "cloi" },
      {
        key: "ele",
        name: "Électricité encastrée",
        trigram: "ELE",
        days: 3,
        people: 2,
        lot: "elec",
        parents: [["clo", "begin-begin", 2]],
      },
      {
        key: "plo",
        name: "Plomberie encastrée",
        trigram: "PLO",
        days: 3,
        people: 2,
        lot: "plom",
        parents: [["clo", "begin-begin", 2]],
      },
      {
        key: "pla",
        name: "Plâtrerie finitions",
        trigram: "PLA",
        days: 3,
        people: 2,
        lot: "cloi",
        parents: [["clo"], ["ele"], ["plo"]],
        comments: "Bandes, enduits et ponçage après les réseaux encastrés.",
      },
      { key: "men", name: "Menuiseries intérieures", trigram: "MEN", days: 2, lot: "mint", parents: [["pla"]] },
      {
        key: "pei",
        name: "Peinture",
        trigram: "PEI",
        days: 4,
        people: 2,
        lot: "pein",
        parents: [["pla", "end-begin", 1]],
        comments: "Un jour de séchage des enduits avant l'impression.",
      },
      { key: "sol", name: "Sols souples", trigram: "SOL", days: 2, lot: "sols", parents: [["pei"], ["men"]] },
    ],
  },
  {
    name: "Salle de bains",
    category: "Second œuvre",
    color: "#26A69A",
    typology: ["Logements"],
    first: "cha",
    last: "app",
    tasks: [
      { key: "cha", name: "Chape", trigram: "CHA", days: 2, lot: "carr" },
      { key: "car", name: "Carrelage", trigram: "CAR", days: 3, lot: "carr", parents: [["cha", "end-begin", 5]] },
      { key: "fai", name: "Faïence", trigram: "FAI", days: 2, lot: "carr", parents: [["car"]] },
      { key: "app", name: "Appareils sanitaires", trigram: "APP", days: 1, lot: "plom", parents: [["fai"]] },
    ],
  },
  {
    name: "Parties communes d'un niveau",
    category: "Parties communes",
    color: "#90A4AE",
    typology: ["Circulations"],
    first: "dou",
    last: "spa",
    tasks: [
      { key: "dou", name: "Doublages circulations", trigram: "DOU", days: 2, lot: "cloi" },
      { key: "ecl", name: "Éclairage des paliers", trigram: "ECL", days: 2, lot: "elec", parents: [["dou"]] },
      { key: "pci", name: "Peinture des circulations", trigram: "PCI", days: 3, lot: "pein", parents: [["ecl"]] },
      { key: "spa", name: "Sols des paliers", trigram: "SPA", days: 2, lot: "sols", parents: [["pci"]] },
    ],
  },
  {
    name: "Aménagement des locaux communs",
    category: "Parties communes",
    color: "#5C6BC0",
    typology: [DEMO_COMMON_ROOM_TYPOLOGY],
    first: "clo",
    last: "net",
    tasks: [
      { key: "clo", name: "Cloisons / doublages", trigram: "CLO", days: 3, people: 2, lot: "cloi" },
      { key: "ele", name: "Électricité encastrée", trigram: "ELE", days: 2, lot: "elec", parents: [["clo"]] },
      { key: "pla", name: "Plâtrerie finitions", trigram: "PLA", days: 2, lot: "cloi", parents: [["ele"]] },
      { key: "pei", name: "Peinture", trigram: "PEI", days: 3, lot: "pein", parents: [["pla"]] },
      {
        key: "men",
        name: "Menuiseries intérieures",
        trigram: "MEN",
        days: 1,
        lot: "mint",
        parents: [["pei", "end-end", 0]],
      },
      { key: "sol", name: "Sols souples", trigram: "SOL", days: 2, lot: "sols", parents: [["pei"]] },
      { key: "net", name: "Nettoyage", trigram: "NET", days: 1, lot: "nett", parents: [["sol"], ["men"]] },
    ],
  },
];

/** Task templates of the library outside any sequence template. */
export const DEMO_LOOSE_TEMPLATES: DemoTaskTemplate[] = [
  { key: "opr", name: "Pré-réception d'un logement", trigram: "OPR", days: 1, lot: "nett", typology: ["Logements"] },
  { key: "ret", name: "Retouches peinture", trigram: "RET", days: 1, lot: "pein" },
];

// The demo programme's attribute content (spec 2): each attribute's colour, banner line,
// definition and its personality and language/expression lists. The demo seed writes it into
// the attributes table; agents' screens read it from GET atributos, and an operator edits it in
// Programa › Calendario y atributos. Ids 1-3 have their own lists; the others start with
// id 1's (spec 2) until the operator prepares their month.
import type { AttributeId } from '#contract/attributes';

export interface DemoAttributeContent {
  color: string;
  tagline: string;
  definition: string;
  personality: string[];
  language: string[];
}

interface Traits {
  personality: string[];
  language: string[];
}

/** The main colour of each attribute's built-in art (public/art/avatar-<slug>.svg). */
const COLORS: Record<AttributeId, string> = {
  1: '#ffab1f',
  2: '#20c997',
  3: '#5c7cfa',
  4: '#b15bd0',
  5: '#ff8a3d',
  6: '#339af0',
  7: '#f06595',
};

/** The line under each attribute's name on its banners (the same words as the built-in art). */
const TAGLINES: Record<AttributeId, string> = {
  1: 'Cada gesto suma: aporta valor en cada contacto con el cliente.',
  2: 'A la primera y sin rodeos: soluciones que cierran cada caso.',
  3: 'Cerca, claro y a tu alcance: que el cliente siempre te encuentre.',
  4: 'Un solo equipo de principio a fin: nadie resuelve solo.',
  5: 'Adelántate a lo que el cliente va a necesitar.',
  6: 'Lo que prometes, lo cumples: la confianza se gana cada día.',
  7: 'Tu forma de atender deja huella en cada llamada.',
};

const DEFINITIONS: Record<AttributeId, string> = {
  1: 'Ser De Valor es aportar algo más en cada contacto: escuchar para entender qué necesita de verdad el cliente, ofrecerle la solución que mejor le encaja y conseguir que sienta que su tiempo ha merecido la pena.',
  2: 'Ser Resolutivo es hacerte cargo del caso y llevarlo hasta el final: identificar rápido el problema, decidir con criterio y resolverlo a la primera siempre que se pueda, sin trasladar el esfuerzo al cliente.',
  3: 'Ser Accesible es que el cliente sienta que estás a su lado: cercano, disponible y fácil de entender. Adaptas tu forma de hablar a cada persona y haces sencillo lo que parece complicado.',
  4: 'Ser Transversal es trabajar como un solo equipo con el resto de áreas: compartir información, coordinarte con otros compañeros y lograr que el cliente no note las fronteras internas de la compañía.',
  5: 'Ser Proactivo es adelantarte: detectar lo que el cliente va a necesitar y ofrecérselo antes de que lo pida, proponiendo mejoras en lugar de esperar a que surjan los problemas.',
  6: 'Ser Confiable es cumplir lo que prometes: dar información veraz, respetar compromisos y plazos, y cuidar los datos del cliente como si fueran tuyos.',
  7: 'Atender Con Estilo es cuidar cada detalle: el tono, las palabras, la imagen de la marca y esa forma propia de atender que hace que el cliente recuerde la conversación.',
};

const TRAITS: Partial<Record<AttributeId, Traits>> = {
  1: {
    personality: [
      'Curioso: pregunta para entender la necesidad real, no solo la consulta.',
      'Generoso: comparte lo que sabe y ofrece información útil aunque no se la pidan.',
      'Orientado al cliente: busca la opción que más le conviene, no la más rápida.',
      'Positivo: transmite que cada situación tiene una salida.',
    ],
    language: [
      '«Le explico qué opciones tiene y cuál le conviene más».',
      '«Además, le cuento algo que le puede interesar».',
      'Habla de beneficios para el cliente, no de procesos internos.',
      'Evita el «no se puede» seco: ofrece siempre una alternativa.',
    ],
  },
  2: {
    personality: [
      'Decidido: toma la iniciativa y asume el caso como propio.',
      'Ágil: va al grano sin perder calidad.',
      'Analítico: busca la causa del problema, no solo el síntoma.',
      'Comprometido: si no puede resolver en el momento, dice cuándo y cumple.',
    ],
    language: [
      '«Me encargo yo ahora mismo».',
      '«Ya está solucionado; le confirmo los pasos que he dado».',
      'Frases claras y cerradas, con plazos concretos.',
      'Evita «no depende de mí» o «tiene que llamar a otro departamento».',
    ],
  },
  3: {
    personality: [
      'Cercano: trata al cliente con calidez y naturalidad.',
      'Paciente: da a cada persona el tiempo que necesita.',
      'Empático: se pone en su lugar y reconoce cómo se siente.',
      'Disponible: deja la puerta abierta para cualquier duda.',
    ],
    language: [
      '«Cuénteme, estoy aquí para ayudarle».',
      '«Se lo explico paso a paso».',
      'Lenguaje sencillo, sin tecnicismos ni siglas internas.',
      'Tono amable y ritmo tranquilo; comprueba que el cliente lo ha entendido.',
    ],
  },
};

const FALLBACK: AttributeId = 1;

/** The demo content of an attribute id. */
export function demoAttributeContent(id: AttributeId): DemoAttributeContent {
  const traits = TRAITS[id] ?? TRAITS[FALLBACK] ?? { personality: [], language: [] };
  return { color: COLORS[id], tagline: TAGLINES[id], definition: DEFINITIONS[id], personality: [...traits.personality], language: [...traits.language] };
}

// What each attribute means, for the dashboard: its definition (info modal) and the
// personality and language/expression lists. Spec 2: ids 1-3 have their own lists; the
// others fall back to id 1's until their month is prepared. Static copy, no I/O.

export interface AttributeTraits {
  /** How someone with this attribute is. */
  personality: string[];
  /** What it sounds like on a call: phrases to use and habits to avoid. */
  language: string[];
}

const DEFINITIONS: Record<number, string> = {
  1: 'Ser De Valor es aportar algo más en cada contacto: escuchar para entender qué necesita de verdad el cliente, ofrecerle la solución que mejor le encaja y conseguir que sienta que su tiempo ha merecido la pena.',
  2: 'Ser Resolutivo es hacerte cargo del caso y llevarlo hasta el final: identificar rápido el problema, decidir con criterio y resolverlo a la primera siempre que se pueda, sin trasladar el esfuerzo al cliente.',
  3: 'Ser Accesible es que el cliente sienta que estás a su lado: cercano, disponible y fácil de entender. Adaptas tu forma de hablar a cada persona y haces sencillo lo que parece complicado.',
  4: 'Ser Transversal es trabajar como un solo equipo con el resto de áreas: compartir información, coordinarte con otros compañeros y lograr que el cliente no note las fronteras internas de la compañía.',
  5: 'Ser Proactivo es adelantarte: detectar lo que el cliente va a necesitar y ofrecérselo antes de que lo pida, proponiendo mejoras en lugar de esperar a que surjan los problemas.',
  6: 'Ser Confiable es cumplir lo que prometes: dar información veraz, respetar compromisos y plazos, y cuidar los datos del cliente como si fueran tuyos.',
  7: 'Atender Con Estilo es cuidar cada detalle: el tono, las palabras, la imagen de la marca y esa forma propia de atender que hace que el cliente recuerde la conversación.',
};

const TRAITS: Record<number, AttributeTraits> = {
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

const FALLBACK_ID = 1;

export function attributeDefinition(attributeId: number): string {
  return DEFINITIONS[attributeId] ?? DEFINITIONS[FALLBACK_ID] ?? '';
}

export function attributeTraits(attributeId: number): AttributeTraits {
  return TRAITS[attributeId] ?? TRAITS[FALLBACK_ID] ?? { personality: [], language: [] };
}

// The demo videos' subtitles: what each one says, by attribute slug and position (0 is the
// presentation). Written as WebVTT at seed (demo-media.ts), the lines spread over the clip.
export const DEMO_CAPTIONS: Readonly<Record<string, readonly (readonly string[])[]>> = {
  accesible: [
    ['Bienvenido al atributo Accesible.', 'Ser accesible es que el cliente sienta que estás a su lado.', 'Saluda, preséntate y di qué vas a hacer por él.', 'Al final, comprueba que no le queda ninguna duda.'],
    ['Módulo 1: un lenguaje claro.', 'Evita tecnicismos y adapta el tono a cada persona.', 'Frases cortas: una idea cada vez.', 'Si usas una palabra técnica, explícala.'],
    ['Módulo 2: cercanía y empatía.', 'Escucha sin interrumpir y muestra interés real.', 'Nombra lo que el cliente siente antes de resolver.', 'Una sonrisa también se oye al teléfono.'],
  ],
  devalor: [
    ['Bienvenido al atributo De Valor.', 'Aportar valor es anticiparse a lo que el cliente necesita.', 'Mira su historial antes de proponer nada.', 'Cada llamada es una oportunidad de ayudarle más.'],
    ['Módulo 1: escuchar para entender.', 'Haz preguntas abiertas y confirma lo que has entendido.', 'Resume su necesidad con tus palabras.', 'No ofrezcas hasta haber entendido.'],
    ['Módulo 2: ofrecer la mejor opción.', 'Recomienda lo que de verdad le conviene al cliente.', 'Explica el beneficio, no solo el precio.', 'Si no le conviene nada, díselo con claridad.'],
  ],
  resolutivo: [
    ['Bienvenido al atributo Resolutivo.', 'Ser resolutivo es cerrar la gestión en el primer contacto.', 'Toma la responsabilidad del caso desde el principio.', 'Que el cliente no tenga que volver a llamar.'],
    ['Módulo 1: diagnosticar rápido.', 'Identifica la causa antes de proponer una solución.', 'Usa las herramientas que tienes a mano.', 'Confirma el diagnóstico con el cliente.'],
    ['Módulo 2: cerrar con compromiso.', 'Explica los siguientes pasos y cúmplelos.', 'Da un plazo realista y anótalo.', 'Despídete comprobando que todo está claro.'],
  ],
};

const stamp = (seconds: number) => {
  const ms = Math.round(seconds * 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
};

/** WebVTT of `lines` spread evenly over `seconds`. */
export function captionsVtt(lines: readonly string[], seconds: number): string {
  const each = seconds / Math.max(1, lines.length);
  const cues = lines.map((line, i) => `${stamp(i * each)} --> ${stamp((i + 1) * each)}\n${line}`);
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}

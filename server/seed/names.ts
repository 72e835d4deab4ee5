// Word lists for the generated demo organisation and agents: Spanish names and surnames,
// platforms and their sites. Data only.
export const FIRST_NAMES = [
  'Lucía', 'Sofía', 'Martina', 'María', 'Julia', 'Paula', 'Valeria', 'Emma', 'Daniela', 'Carla',
  'Alba', 'Noa', 'Sara', 'Carmen', 'Claudia', 'Irene', 'Laura', 'Marta', 'Elena', 'Nerea',
  'Hugo', 'Martín', 'Lucas', 'Mateo', 'Leo', 'Daniel', 'Alejandro', 'Pablo', 'Manuel', 'Álvaro',
  'Adrián', 'David', 'Mario', 'Diego', 'Javier', 'Sergio', 'Jorge', 'Iván', 'Raúl', 'Andrés',
  'Rocío', 'Pilar', 'Inés', 'Lorena', 'Miguel', 'Rubén', 'Óscar', 'Nicolás', 'Gabriela', 'Ximena',
] as const;

export const SURNAMES = [
  'García', 'Rodríguez', 'González', 'Fernández', 'López', 'Martínez', 'Sánchez', 'Pérez', 'Gómez', 'Martín',
  'Jiménez', 'Ruiz', 'Hernández', 'Díaz', 'Moreno', 'Muñoz', 'Álvarez', 'Romero', 'Alonso', 'Gutiérrez',
  'Navarro', 'Torres', 'Domínguez', 'Vázquez', 'Ramos', 'Gil', 'Ramírez', 'Serrano', 'Blanco', 'Molina',
  'Morales', 'Suárez', 'Ortega', 'Delgado', 'Castro', 'Ortiz', 'Rubio', 'Marín', 'Sanz', 'Núñez',
  'Iglesias', 'Medina', 'Garrido', 'Cortés', 'Castillo', 'Santos', 'Lozano', 'Guerrero', 'Cano', 'Quispe',
] as const;

export const BRANDS = [
  { id: 1, name: 'Marca 1' },
  { id: 2, name: 'Marca 2' },
] as const;

/** Platforms and their sites; `weight` makes some sites big enough for several prize tiers. */
export const PLATFORMS: ReadonlyArray<{ name: string; sites: ReadonlyArray<{ name: string; weight: number }> }> = [
  { name: 'Plataforma Centro', sites: [{ name: 'Madrid Castellana', weight: 5 }, { name: 'Madrid Arganzuela', weight: 3 }, { name: 'Toledo', weight: 1 }] },
  { name: 'Plataforma Norte', sites: [{ name: 'Bilbao', weight: 3 }, { name: 'Santander', weight: 1 }, { name: 'Oviedo', weight: 2 }] },
  { name: 'Plataforma Sur', sites: [{ name: 'Sevilla', weight: 4 }, { name: 'Málaga', weight: 2 }, { name: 'Granada', weight: 1 }] },
  { name: 'Plataforma Andes', sites: [{ name: 'Lima Miraflores', weight: 3 }, { name: 'Lima San Isidro', weight: 2 }, { name: 'Arequipa', weight: 1 }] },
];

export const DIVISIONS = ['Atención al cliente', 'Retención', 'Soporte técnico', 'Ventas'] as const;

/** 'Álvaro Núñez' → 'alvaro.nunez': e-mail local parts are plain ASCII. */
export function asciiSlug(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^a-z0-9]+/g, '.').replace(/^\.|\.$/g, '');
}

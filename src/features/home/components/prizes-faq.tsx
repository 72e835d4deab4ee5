import { Accordion, Card, Text, Title } from '@mantine/core';
import type { SessionUser } from '#contract/session';

interface Question {
  value: string;
  question: string;
  answer: string;
}

/** Google users (brand 2) redeem in the app's catalogue; the others on the partner's site. */
function redeemAnswer(user: Pick<SessionUser, 'marca_id'>): string {
  return user.marca_id === 2
    ? 'Usa el botón Canjear de la cabecera: te lleva al catálogo de premios, eliges el que quieras y lo canjeas al momento. Tus cupones quedan guardados en Mis Premios.'
    : 'Tus IMPs se suman a tu saldo del programa Ring Ring. Pulsa Canjear en la cabecera y entra en la vista de canje de Ring Ring, donde verás tu saldo conjunto y podrás elegir tu premio.';
}

function questions(user: Pick<SessionUser, 'marca_id'>): Question[] {
  return [
    {
      value: 'pago',
      question: '¿Cuándo se pagan los premios?',
      answer:
        'Al cerrar el mes de cada atributo calculamos los ganadores de cada sede y de cada marca. Los premios se abonan en tu saldo durante la segunda semana del mes siguiente.',
    },
    { value: 'canje', question: '¿Cómo canjeo mis IMPs?', answer: redeemAnswer(user) },
    {
      value: 'caducidad',
      question: '¿Hasta cuándo puedo canjear mis IMPs?',
      answer: 'Tienes un año desde que consigues cada IMP para canjearlo. Los más antiguos se usan primero.',
    },
    {
      value: 'empate',
      question: '¿Qué pasa si empato con un compañero?',
      answer: 'Gana quien terminó antes toda la formación del atributo: sus vídeos y sus dos cuestionarios.',
    },
    {
      value: 'incidencias',
      question: 'Tengo una incidencia con mis puntos o un canje',
      answer: 'Habla con tu responsable: es quien gestiona las incidencias del programa y te ayudará a resolverla.',
    },
  ];
}

/** Prize payment and redemption questions; the redemption answer depends on the user's brand. */
export function PrizesFaq({ user }: { user: Pick<SessionUser, 'marca_id'> }) {
  return (
    <Card component="section" aria-labelledby="preguntas">
      <Title order={2} size="h4" id="preguntas" mb="xs">
        Preguntas frecuentes
      </Title>
      <Accordion variant="separated" radius="md" chevronPosition="right">
        {questions(user).map((q) => (
          <Accordion.Item key={q.value} value={q.value}>
            <Accordion.Control>
              <Text fw={600}>{q.question}</Text>
            </Accordion.Control>
            <Accordion.Panel>
              <Text size="sm">{q.answer}</Text>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Card>
  );
}

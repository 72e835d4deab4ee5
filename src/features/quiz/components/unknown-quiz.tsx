import { Link } from 'react-router-dom';
import { Button } from '@mantine/core';
import { NoticeScreen } from '#components/notice-screen';
import { paths } from '#domain/paths';
import { UNKNOWN_QUIZ_TITLE, unknownQuizText } from '#features/quiz/texts.ts';

/** A known attribute with a quiz number it does not have: say so, and go back to its dashboard. */
export function UnknownQuiz({ slug, attributeName }: { slug: string; attributeName: string }) {
  return (
    <NoticeScreen
      title={UNKNOWN_QUIZ_TITLE}
      action={
        <Button component={Link} to={paths.dashboard.getHref(slug)} mt="sm">
          Volver a {attributeName}
        </Button>
      }
    >
      {unknownQuizText(attributeName)}
    </NoticeScreen>
  );
}

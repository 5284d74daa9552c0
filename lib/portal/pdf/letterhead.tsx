import { StyleSheet, Text, View } from '@react-pdf/renderer';
import { site } from '@/lib/copy/site';
import { Monogram } from './monogram';
import { colours, DISPLAY, TEXT } from './theme';

const styles = StyleSheet.create({
  letterhead: {
    flexDirection: 'row',
    alignItems: 'center',
    paddingBottom: 14,
    marginBottom: 28,
    borderBottomWidth: 0.6,
    borderBottomColor: colours.champagne,
  },
  wordmark: { marginLeft: 10, fontFamily: DISPLAY, fontWeight: 500, fontSize: 13, letterSpacing: 3.2, color: colours.ink },
  right: { marginLeft: 'auto', fontFamily: TEXT, fontWeight: 600, fontSize: 6.5, letterSpacing: 1.8, color: colours.bronze },
});

/** The brand's letterhead: the monogram and the name in the display face, with a line of the document's own. */
export function Letterhead({ right }: { right: string }) {
  return (
    <View style={styles.letterhead} fixed>
      <Monogram colour={colours.ink} height={22} />
      <Text style={styles.wordmark}>{site.name.toUpperCase()}</Text>
      <Text style={styles.right}>{right.toUpperCase()}</Text>
    </View>
  );
}

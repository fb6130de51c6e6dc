/** Response bodies shaped as in the spec and the public notes. */

/** The public example: `My text so far.` (units: seconds, single-precision floats). */
export const PUBLIC_MARKERS_JSON = `[
    {
      "audioStart": 0.39,
      "audioLength": 0.32999998,
      "textStart": 0,
      "textLength": 2,
      "text": "My"
    },
    {
      "audioStart": 0.71999997,
      "audioLength": 0.51,
      "textStart": 3,
      "textLength": 4,
      "text": "text"
    },
    {
      "audioStart": 1.26,
      "audioLength": 0.29,
      "textStart": 8,
      "textLength": 2,
      "text": "so"
    },
    {
      "audioStart": 1.55,
      "audioLength": 0.41,
      "textStart": 11,
      "textLength": 3,
      "text": "far"
    },
    {
      "audioStart": 2.0,
      "audioLength": 0.48,
      "textStart": 14,
      "textLength": 1,
      "text": "."
    }
  ]`;

export function dictationXml(location: string, markersValue: string): string {
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<!-- dictation of the public example -->
<dictation>
  <audioName>audio-1</audioName>
  <canceled>false</canceled>
  <canceledTime>0</canceledTime>
  <done>true</done>
  <id>d-42</id>
  <phonemesName>phonemes-1</phonemesName>
  <profile>general</profile>
  <queuedTime>1700000000123</queuedTime>
  <statsAsProperties>
    <!-- markers as the service sends them -->
    <entry>
      <key>wordMarkers</key>
      <value>${markersValue}</value>
    </entry>
    <entry>
      <key>Confidence</key>
      <value>0.87</value>
    </entry>
  </statsAsProperties>
  <statsString>numSegments=1</statsString>
  <streaming>false</streaming>
  <substitutedTextName>subst-1</substitutedTextName>
  <tenantDatabase>tenant1</tenantDatabase>
  <textName>text-1</textName>
  <url>${location}</url>
</dictation>
`;
}

export const AUDIO_STATS_XML = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<!DOCTYPE properties SYSTEM "http://java.sun.com/dtd/properties.dtd">
<properties>
<comment>audio statistics</comment>
<entry key="numWordAudioSegments">5</entry>
<entry key="AudioMarkers">0,0</entry>
<entry key="WordAudioMarkers">12480,23040,23040,39360,40320,49600,49600,62720,64000,79360</entry>
<entry key="AudioURL">/files/tenant1/audio-1</entry>
</properties>
`;

export const TEXT_STATS_XML = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<!DOCTYPE properties SYSTEM "http://java.sun.com/dtd/properties.dtd">
<properties>
<!-- text statistics -->
<entry key="Version">3</entry>
<entry key="Transcription">My text so far.</entry>
<entry key="SubstitutedText">My text &amp; so far.</entry>
<entry key="WordTextMarkers">0,1,3,6,8,9,11,13,14,14</entry>
<entry key="Confidence">0.87</entry>
</properties>
`;

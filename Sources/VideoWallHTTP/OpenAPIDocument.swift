/// The API described as OpenAPI 3.1 (`GET /api/v1/openapi.json`).
enum OpenAPIDocument {
    static let text = #"""
{"openapi": "3.1.0",
 "info": {"title": "VideoWall", "version": "1",
          "description": "Control of a whole wall. Reads from loopback need no token; everything else needs Authorization: Bearer TOKEN. Errors are JSON: {\"error\": reason}."},
 "components": {"securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}},
   "schemas": {"Error": {"type": "object", "properties": {"error": {"type": "string"}}, "required": ["error"]},
               "Reply": {"type": "object", "description": "mpv's JSON IPC reply", "properties": {"error": {"type": "string"}, "data": {}, "request_id": {}}}}},
 "security": [{"bearer": []}],
 "paths": {
  "/api/v1/command": {"post": {"summary": "Run one JSON IPC command, as on the --input-ipc-server socket (not quit, screenshot-to-file, observe_property or event switches)",
    "requestBody": {"required": true, "content": {"application/json": {"schema": {"type": "object", "properties": {"command": {"type": "array"}, "request_id": {}}, "required": ["command"]},
                    "example": {"command": ["seek", 5, "absolute"]}}}},
    "responses": {"200": {"description": "success", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Reply"}}}},
                  "400": {"description": "the command failed; the reply says why", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Reply"}}}},
                  "401": {"description": "no token or another one", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
                  "403": {"description": "a foreign Origin, or no token configured", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
                  "413": {"description": "a body over 64 KiB", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}}}},
  "/api/v1/state": {"get": {"summary": "The wall now: transport, pause, time-pos, duration, speed, loop, ab-loop-a, ab-loop-b, volume, mute, tiles (source, state, frames rendered and dropped, error), sync-error, overload, followers, layout, system",
    "responses": {"200": {"description": "the state", "content": {"application/json": {"schema": {"type": "object"}}}},
                  "401": {"description": "no token from the network", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}}}},
  "/api/v1/events": {"get": {"summary": "The JSON IPC's events as server-sent events, in order: one data line each",
    "responses": {"200": {"description": "an endless event stream", "content": {"text/event-stream": {"schema": {"type": "string"}}}}}}},
  "/api/v1/tiles/{tile}/thumbnail.jpg": {"get": {"summary": "The frame tile N shows, as a JPEG (made at most once a second per tile)",
    "parameters": [{"name": "tile", "in": "path", "required": true, "schema": {"type": "integer", "minimum": 1}},
                   {"name": "width", "in": "query", "required": false, "schema": {"type": "integer", "minimum": 16, "maximum": 1920, "default": 320}}],
    "responses": {"200": {"description": "the thumbnail", "content": {"image/jpeg": {"schema": {"type": "string", "format": "binary"}}}},
                  "404": {"description": "no such tile, or no frame yet", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}}}},
  "/api/v1/tiles/{tile}/source": {"post": {"summary": "Play a file of the media folder in tile N",
    "parameters": [{"name": "tile", "in": "path", "required": true, "schema": {"type": "integer", "minimum": 1}}],
    "requestBody": {"required": true, "content": {"application/json": {"schema": {"type": "object", "properties": {"media": {"type": "string"}}, "required": ["media"]}}}},
    "responses": {"200": {"description": "playing", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Reply"}}}},
                  "404": {"description": "no such file or tile", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}}}},
  "/api/v1/media": {
   "get": {"summary": "The media folder's files", "responses": {"200": {"description": "names", "content": {"application/json": {"schema": {"type": "object", "properties": {"files": {"type": "array", "items": {"type": "string"}}}}}}}}},
   "post": {"summary": "Upload a file into the media folder (the raw bytes as the body); kept only if GStreamer can describe it as media",
    "parameters": [{"name": "name", "in": "query", "required": true, "schema": {"type": "string", "maxLength": 200}}],
    "requestBody": {"required": true, "content": {"application/octet-stream": {"schema": {"type": "string", "format": "binary"}}}},
    "responses": {"201": {"description": "kept", "content": {"application/json": {"schema": {"type": "object"}}}},
                  "400": {"description": "not a plain file name, or the body did not arrive whole", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
                  "409": {"description": "a file of that name exists", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
                  "413": {"description": "over --upload-limit", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
                  "415": {"description": "not media", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}}}},
  "/api/v1/openapi.json": {"get": {"summary": "This document", "security": [], "responses": {"200": {"description": "OpenAPI 3.1"}}}}
 }}
"""#
}

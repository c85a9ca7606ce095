module github.com/headroom-go/headroom/adapters/openai

go 1.26.0

require (
	github.com/headroom-go/headroom v0.0.0
	github.com/openai/openai-go/v3 v3.96.0
	github.com/stretchr/testify v1.12.1
	pgregory.net/rapid v1.3.0
)

require (
	github.com/coder/websocket v1.8.15 // indirect
	github.com/tidwall/gjson v1.20.0 // indirect
	github.com/tidwall/match v1.1.1 // indirect
	github.com/tidwall/pretty v1.2.1 // indirect
	github.com/tidwall/sjson v1.2.5 // indirect
	go.yaml.in/yaml/v3 v3.0.5 // indirect
)

replace github.com/headroom-go/headroom => ../..
